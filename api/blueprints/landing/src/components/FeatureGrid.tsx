import { features } from '../content';
import { SectionHeader } from './SectionHeader';

export function FeatureGrid() {
  return (
    <section className="section" id={features.section.id}>
      <div className="container">
        <SectionHeader section={features.section} />
        <div className="feature-grid">
          {features.items.map(({ icon: Icon, title, body }) => (
            <article key={title} className="feature card">
              <span className="feature-icon" aria-hidden="true">
                <Icon size={22} />
              </span>
              <h3>{title}</h3>
              <p>{body}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
