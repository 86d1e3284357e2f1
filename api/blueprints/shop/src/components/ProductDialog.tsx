import { Minus, Plus, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { ProductItem } from '../../shared/api-types';
import { formatPrice } from '../lib/money';
import { ProductArt } from './ProductArt';

interface Props {
  product: ProductItem;
  onClose: () => void;
  onAdd: (quantity: number) => void;
}

export function ProductDialog({ product, onClose, onAdd }: Props) {
  const [quantity, setQuantity] = useState(1);
  const soldOut = product.stock === 0;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="overlay" onClick={onClose}>
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="product-title" onClick={(e) => e.stopPropagation()}>
        <button className="icon-button dialog-close" type="button" aria-label="Close" onClick={onClose}>
          <X size={20} />
        </button>
        <ProductArt category={product.category} seed={product.id} size={96} />
        <div className="dialog-body">
          <span className="muted small">{product.category}</span>
          <h2 id="product-title">{product.name}</h2>
          <strong className="dialog-price">{formatPrice(product.priceCents)}</strong>
          <p>{product.description}</p>
          <p className="muted small">{soldOut ? 'Sold out: back soon.' : product.stock <= 5 ? 'Only ' + product.stock + ' left in stock.' : 'In stock, ships in 1–2 days.'}</p>
          <div className="dialog-actions">
            <div className="stepper" aria-label="Quantity">
              <button type="button" aria-label="Fewer" onClick={() => setQuantity((q) => Math.max(1, q - 1))} disabled={soldOut}>
                <Minus size={16} />
              </button>
              <span>{quantity}</span>
              <button type="button" aria-label="More" onClick={() => setQuantity((q) => Math.min(product.stock, q + 1))} disabled={soldOut}>
                <Plus size={16} />
              </button>
            </div>
            <button
              className="btn btn-primary"
              type="button"
              disabled={soldOut}
              onClick={() => {
                onAdd(quantity);
                onClose();
              }}
            >
              Add to cart · {formatPrice(product.priceCents * quantity)}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
