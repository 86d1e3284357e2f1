import { ArrowRight } from 'lucide-react';
import { hero } from '../content';

export function Hero() {
  return (
    <section className="hero" id="top">
      <div className="container hero-grid">
        <div className="hero-copy">
          <span className="badge">{hero.eyebrow}</span>
          <h1>{hero.headline}</h1>
          <p className="hero-intro">{hero.intro}</p>
          <div className="hero-actions">
            <a className="btn btn-primary" href={hero.primaryCta.href}>
              {hero.primaryCta.label}
              <ArrowRight size={18} aria-hidden="true" />
            </a>
            <a className="btn btn-outline" href={hero.secondaryCta.href}>
              {hero.secondaryCta.label}
            </a>
          </div>
          <dl className="hero-stats">
            {hero.stats.map((stat) => (
              <div key={stat.label}>
                <dt>{stat.value}</dt>
                <dd>{stat.label}</dd>
              </div>
            ))}
          </dl>
        </div>
        <aside className="hero-card card" aria-label={hero.preview.heading}>
          <div className="hero-card-header">
            <strong>{hero.preview.heading}</strong>
            <span className="muted">{hero.preview.caption}</span>
          </div>
          <ul>
            {hero.preview.rows.map((row) => (
              <li key={row.label}>
                <div className="hero-card-row">
                  <span>{row.label}</span>
                  <span className="muted">{row.detail}</span>
                </div>
                {row.progress !== undefined && (
                  <div className="progress" role="progressbar" aria-valuenow={row.progress} aria-valuemin={0} aria-valuemax={100}>
                    <span style={{ width: row.progress + '%' }} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </section>
  );
}
