import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import type { ReactElement, ReactNode } from 'react';

export interface TooltipProps {
  label: ReactNode;
  /** A single focusable element; it keeps its own accessible name. */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
}

/** Relies on the TooltipProvider of the root route for its delays (700 ms, 300 ms between neighbours). */
export function Tooltip({ label, children, side = 'bottom' }: TooltipProps) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content side={side} sideOffset={6} className="z-[60] rounded-md border border-border bg-surface-3 px-2 py-1 text-xs font-medium text-foreground shadow-lg shadow-black/40">
          {label}
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
