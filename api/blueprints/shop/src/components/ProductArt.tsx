import { /* @slot icons */ CookingPot, Lamp, ShoppingBag, Sofa, Package, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

const CATEGORY_ICONS: Record<string, LucideIcon> = /* @slot categoryIcons */ {
  Kitchen: CookingPot,
  Home: Lamp,
  Living: Sofa,
  Accessories: ShoppingBag,
};

/** Four tints from the palette, so neighbouring products look different. */
const TINTS = ['bg-primary/10 text-primary', 'bg-accent/15 text-accent-foreground', 'bg-secondary text-secondary-foreground', 'bg-muted text-muted-foreground'];

/** A product picture without image files: a tinted panel with the category's icon. */
export function ProductArt({ category, seed, className, iconClassName = 'size-14' }: { category: string; seed: number; className?: string; iconClassName?: string }) {
  const Icon = CATEGORY_ICONS[category] ?? Package;
  return (
    <div className={cn('grid aspect-square place-items-center rounded-lg', TINTS[seed % TINTS.length], className)} aria-hidden>
      <Icon className={iconClassName} strokeWidth={1.4} />
    </div>
  );
}
