import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { brand, hero, navLinks } from '../content';

export function NavBar() {
  const [open, setOpen] = useState(false);

  return (
    <header className="nav">
      <div className="container nav-inner">
        <a className="logo" href="#top" onClick={() => setOpen(false)}>
          <span className="logo-mark" aria-hidden="true">
            {brand.name.charAt(0)}
          </span>
          {brand.name}
        </a>
        <nav className={open ? 'nav-links open' : 'nav-links'} aria-label="Main">
          {navLinks.map((link) => (
            <a key={link.href} href={link.href} onClick={() => setOpen(false)}>
              {link.label}
            </a>
          ))}
          <a className="btn btn-primary btn-small" href={hero.primaryCta.href} onClick={() => setOpen(false)}>
            {hero.primaryCta.label}
          </a>
        </nav>
        <button
          className="icon-button nav-toggle"
          type="button"
          aria-label={open ? 'Close menu' : 'Open menu'}
          aria-expanded={open}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X size={20} /> : <Menu size={20} />}
        </button>
      </div>
    </header>
  );
}
