import { type ClassNameValue, twMerge } from 'tailwind-merge';

/**
 * Joins class names, skipping falsy ones; of two Tailwind classes for the same property the later
 * wins (a caller's `max-w-5xl` replaces a component's `max-w-lg`), whatever order the CSS has them in.
 */
export function cn(...classes: ClassNameValue[]): string {
  return twMerge(classes);
}
