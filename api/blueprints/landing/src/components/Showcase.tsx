import { showcase } from '../content';
import { SectionHeader } from './SectionHeader';

export function Showcase() {
  return (
    <section className="section section-alt" id={showcase.section.id}>
      <div className="container">
        <SectionHeader section={showcase.section} />
        <div className={'showcase showcase-' + showcase.layout}>
          {showcase.items.map((item, index) => (
            <article key={item.title} className="showcase-item card">
              {showcase.layout === 'work' && (
                <div className={'work-thumb work-thumb-' + (index % 3)} aria-hidden="true">
                  <span>{item.title.charAt(0)}</span>
                </div>
              )}
              {showcase.layout === 'steps' && <span className="step-number">{index + 1}</span>}
              <div className="showcase-body">
                <div className="showcase-title">
                  <h3>{item.title}</h3>
                  {showcase.layout === 'menu' && <span className="price">{item.meta}</span>}
                </div>
                {showcase.layout !== 'menu' && <span className="muted small">{item.meta}</span>}
                <p>{item.body}</p>
                <span className="badge">{item.tag}</span>
              </div>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
