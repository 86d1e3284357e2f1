import type { ReactNode } from 'react';

/** The sticky top of a page: its title, and what the page adds below it (tabs). */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <header className="sticky top-0 z-20 border-b bg-card/90 backdrop-blur">
      <div className="px-4 py-3">{title}</div>
      {children}
    </header>
  );
}
