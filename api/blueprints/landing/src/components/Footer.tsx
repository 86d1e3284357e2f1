import { Logo } from '@/components/Logo';
import { brand, footer } from '@/content';

export function Footer() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-[1.5fr_repeat(3,1fr)]">
        <div className="grid content-start gap-3">
          <Logo />
          <p className="max-w-xs text-sm text-muted-foreground">{footer.blurb}</p>
        </div>
        {footer.columns.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h2 className="mb-3 text-sm font-semibold">{column.heading}</h2>
            <ul className="grid gap-2 text-sm">
              {column.links.map((link) => (
                <li key={link.label}>
                  <a href={link.href} className="text-muted-foreground hover:text-foreground">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="mx-auto max-w-6xl border-t px-4 py-6 text-sm text-muted-foreground sm:px-6">
        © {new Date().getFullYear()} {brand.name}. All rights reserved.
      </p>
    </footer>
  );
}
