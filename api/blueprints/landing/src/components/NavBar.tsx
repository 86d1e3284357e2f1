import { Menu } from 'lucide-react';
import { useState } from 'react';
import { Logo } from '@/components/Logo';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { hero, navLinks } from '@/content';

export function NavBar() {
  const [open, setOpen] = useState(false);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/85 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-6 px-4 sm:px-6">
        <Logo />
        <nav className="hidden items-center gap-7 text-sm font-medium md:flex" aria-label="Main">
          {navLinks.map((link) => (
            <a key={link.href} href={link.href} className="text-muted-foreground transition-colors hover:text-foreground">
              {link.label}
            </a>
          ))}
          <Button asChild size="sm">
            <a href={hero.primaryCta.href}>{hero.primaryCta.label}</a>
          </Button>
        </nav>
        <Sheet open={open} onOpenChange={setOpen}>
          <SheetTrigger asChild>
            <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
              <Menu />
            </Button>
          </SheetTrigger>
          <SheetContent side="right" className="p-6">
            <SheetTitle className="sr-only">Menu</SheetTitle>
            <Logo onClick={() => setOpen(false)} />
            <nav className="mt-6 grid gap-1" aria-label="Main">
              {navLinks.map((link) => (
                <a key={link.href} href={link.href} onClick={() => setOpen(false)} className="rounded-md px-3 py-2.5 font-medium hover:bg-muted">
                  {link.label}
                </a>
              ))}
            </nav>
            <Button asChild className="mt-4">
              <a href={hero.primaryCta.href} onClick={() => setOpen(false)}>
                {hero.primaryCta.label}
              </a>
            </Button>
          </SheetContent>
        </Sheet>
      </div>
    </header>
  );
}
