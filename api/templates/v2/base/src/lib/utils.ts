// Class names: cn() joins them, letting a later Tailwind class override an earlier one.
import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names (strings, arrays, { name: condition }); of two Tailwind classes that set the same thing, the later one wins. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
