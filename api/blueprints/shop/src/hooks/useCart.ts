import { useEffect, useState } from 'react';
import type { ProductItem } from '../../shared/api-types';

export interface CartLine {
  product: ProductItem;
  quantity: number;
}

const STORAGE_KEY = '{{packageName}}:cart:v1';

function load(): CartLine[] {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return stored ? (JSON.parse(stored) as CartLine[]) : [];
  } catch {
    return [];
  }
}

/** The cart, kept in this browser's storage so it survives a reload. */
export function useCart() {
  const [lines, setLines] = useState<CartLine[]>(load);

  useEffect(() => {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(lines));
    } catch {
      // Storage full or blocked: the cart still works for this visit.
    }
  }, [lines]);

  function add(product: ProductItem, quantity = 1) {
    setLines((current) => {
      const existing = current.find((line) => line.product.id === product.id);
      if (!existing) return [...current, { product, quantity: Math.min(quantity, product.stock) }];
      return current.map((line) =>
        line.product.id === product.id ? { ...line, quantity: Math.min(line.quantity + quantity, product.stock) } : line,
      );
    });
  }

  function setQuantity(productId: number, quantity: number) {
    setLines((current) =>
      quantity <= 0
        ? current.filter((line) => line.product.id !== productId)
        : current.map((line) => (line.product.id === productId ? { ...line, quantity: Math.min(quantity, line.product.stock) } : line)),
    );
  }

  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  const subtotalCents = lines.reduce((sum, line) => sum + line.quantity * line.product.priceCents, 0);
  return { lines, count, subtotalCents, add, setQuantity, clear: () => setLines([]) };
}

export type Cart = ReturnType<typeof useCart>;
