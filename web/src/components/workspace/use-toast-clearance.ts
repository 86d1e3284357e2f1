import { type RefObject, useLayoutEffect } from 'react';
import { TOAST_CLEARANCE_VAR } from '@/components/ui/app-toaster';

/**
 * Keeps toasts above everything below `panel` (the edit bar, and the bottom bar on phones): the
 * clearance is the distance from the panel's bottom edge to the viewport's, so it follows the edit
 * bar as it grows and is 0 when nothing is below the panel.
 */
export function useToastClearance(panel: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = panel.current;
    if (!element) return;
    const root = document.documentElement;
    const measure = () => {
      const below = Math.max(0, Math.round(window.innerHeight - element.getBoundingClientRect().bottom));
      root.style.setProperty(TOAST_CLEARANCE_VAR, `${below}px`);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(element);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty(TOAST_CLEARANCE_VAR);
    };
  }, [panel]);
}
