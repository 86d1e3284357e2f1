import { Plus } from 'lucide-react';
import type { ProductItem } from '../../shared/api-types';
import { ProductArt } from '@/components/ProductArt';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatPrice } from '@/lib/money';

interface Props {
  product: ProductItem;
  onOpen: () => void;
  onAdd: () => void;
}

export function ProductCard({ product, onOpen, onAdd }: Props) {
  const soldOut = product.stock === 0;
  return (
    <article className="group grid content-start gap-3">
      <button type="button" className="relative cursor-pointer overflow-hidden rounded-xl" onClick={onOpen} aria-label={'View ' + product.name}>
        <ProductArt category={product.category} seed={product.id} className="rounded-xl transition-transform duration-300 group-hover:scale-105" />
        {product.badge && <Badge className="absolute top-3 left-3">{product.badge}</Badge>}
      </button>
      <div className="grid gap-1">
        <p className="text-xs text-muted-foreground">{product.category}</p>
        <h3 className="font-semibold">
          <button type="button" className="cursor-pointer text-left hover:text-primary" onClick={onOpen}>
            {product.name}
          </button>
        </h3>
        <div className="flex items-center justify-between gap-2">
          <span className="font-semibold">{formatPrice(product.priceCents)}</span>
          <Button variant="outline" size="sm" onClick={onAdd} disabled={soldOut}>
            {soldOut ? (
              'Sold out'
            ) : (
              <>
                <Plus /> Add
              </>
            )}
          </Button>
        </div>
        {!soldOut && product.stock <= 5 && <p className="text-xs font-medium text-warning">Only {product.stock} left</p>}
      </div>
    </article>
  );
}
