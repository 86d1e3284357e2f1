import { brand, footer } from '../content';

export function Footer() {
  return (
    <footer className="footer">
      <div className="container footer-grid">
        <div>
          <a className="logo" href="#top">
            <span className="logo-mark" aria-hidden="true">
              {brand.name.charAt(0)}
            </span>
            {brand.name}
          </a>
          <p className="muted">{footer.blurb}</p>
        </div>
        {footer.columns.map((column) => (
          <nav key={column.heading} aria-label={column.heading}>
            <h4>{column.heading}</h4>
            <ul>
              {column.links.map((link) => (
                <li key={link.label}>
                  <a href={link.href}>{link.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="container footer-bottom muted small">
        © {new Date().getFullYear()} {brand.name}. All rights reserved.
      </div>
    </footer>
  );
}
