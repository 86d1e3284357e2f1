import { useState } from 'react';
import type { ProductItem } from '../../shared/api-types';
import { ProductArt } from '@/components/ProductArt';
import { QuantityStepper } from '@/components/QuantityStepper';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { formatPrice } from '@/lib/money';

interface Props {
  product: ProductItem | null;
  onClose: () => void;
  onAdd: (product: ProductItem, quantity: number) => void;
}

export function ProductDialog({ product, onClose, onAdd }: Props) {
  return (
    <Dialog open={product !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-2xl">{product && <ProductDetails key={product.id} product={product} onAdd={(quantity) => onAdd(product, quantity)} />}</DialogContent>
    </Dialog>
  );
}

function ProductDetails({ product, onAdd }: { product: ProductItem; onAdd: (quantity: number) => void }) {
  const [quantity, setQuantity] = useState(1);
  const soldOut = product.stock === 0;
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <ProductArt category={product.category} seed={product.id} iconClassName="size-24" />
      <div className="grid content-start gap-3">
        <p className="text-sm text-muted-foreground">{product.category}</p>
        <DialogTitle className="text-2xl">{product.name}</DialogTitle>
        <p className="text-xl font-semibold">{formatPrice(product.priceCents)}</p>
        <DialogDescription>{product.description}</DialogDescription>
        <p className="text-sm text-muted-foreground">{soldOut ? 'Sold out: back soon.' : product.stock <= 5 ? `Only ${product.stock} left in stock.` : 'In stock, ships in 1–2 days.'}</p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <QuantityStepper value={quantity} onChange={setQuantity} max={Math.max(1, product.stock)} disabled={soldOut} />
          <Button disabled={soldOut} onClick={() => onAdd(quantity)}>
            Add to cart · {formatPrice(product.priceCents * quantity)}
          </Button>
        </div>
      </div>
    </div>
  );
}
