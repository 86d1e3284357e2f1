import { /* @slot icons */ CookingPot, Lamp, ShoppingBag, Sofa, Package, type LucideIcon } from 'lucide-react';

const CATEGORY_ICONS: Record<string, LucideIcon> = /* @slot categoryIcons */ {
  Kitchen: CookingPot,
  Home: Lamp,
  Living: Sofa,
  Accessories: ShoppingBag,
};

/** A product picture without image files: a tinted panel with the category's icon. */
export function ProductArt({ category, seed, size = 56 }: { category: string; seed: number; size?: number }) {
  const Icon = CATEGORY_ICONS[category] ?? Package;
  return (
    <div className={'product-art tint-' + (seed % 4)} aria-hidden="true">
      <Icon size={size} strokeWidth={1.4} />
    </div>
  );
}
