// Toasts: <Toaster /> is rendered once in main.tsx; call toast('Saved'), toast.success(...) or toast.error(...) from 'sonner'.
import type { CSSProperties } from 'react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      className="toaster group"
      position="bottom-right"
      style={{ '--normal-bg': 'var(--popover)', '--normal-text': 'var(--popover-foreground)', '--normal-border': 'var(--border)' } as CSSProperties}
      {...props}
    />
  );
}
