import { Quote } from 'lucide-react';
import { testimonials } from '../content';
import { SectionHeader } from './SectionHeader';

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2);
}

export function Testimonials() {
  return (
    <section className="section" id={testimonials.section.id}>
      <div className="container">
        <SectionHeader section={testimonials.section} />
        <div className="testimonial-grid">
          {testimonials.items.map((item) => (
            <figure key={item.name} className="testimonial card">
              <Quote className="testimonial-mark" size={28} aria-hidden="true" />
              <blockquote>{item.quote}</blockquote>
              <figcaption>
                <span className="avatar" aria-hidden="true">
                  {initials(item.name)}
                </span>
                <span>
                  <strong>{item.name}</strong>
                  <span className="muted small">{item.role}</span>
                </span>
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}
