import { Plus } from 'lucide-react';
import type { ProductItem } from '../../shared/api-types';
import { formatPrice } from '../lib/money';
import { ProductArt } from './ProductArt';

interface Props {
  product: ProductItem;
  onOpen: () => void;
  onAdd: () => void;
}

export function ProductCard({ product, onOpen, onAdd }: Props) {
  const soldOut = product.stock === 0;
  return (
    <article className="product-card">
      <button className="product-card-image" type="button" onClick={onOpen} aria-label={'View ' + product.name}>
        <ProductArt category={product.category} seed={product.id} />
        {product.badge && <span className="product-badge">{product.badge}</span>}
      </button>
      <div className="product-card-body">
        <span className="muted small">{product.category}</span>
        <h3>
          <button type="button" className="link-button" onClick={onOpen}>
            {product.name}
          </button>
        </h3>
        <div className="product-card-footer">
          <strong>{formatPrice(product.priceCents)}</strong>
          <button className="btn btn-outline btn-small" type="button" onClick={onAdd} disabled={soldOut}>
            {soldOut ? (
              'Sold out'
            ) : (
              <>
                <Plus size={16} aria-hidden="true" /> Add
              </>
            )}
          </button>
        </div>
        {!soldOut && product.stock <= 5 && <span className="stock-note">Only {product.stock} left</span>}
      </div>
    </article>
  );
}
