import { Check } from 'lucide-react';
import { pricing } from '../content';
import { SectionHeader } from './SectionHeader';

export function Pricing() {
  return (
    <section className="section section-alt" id={pricing.section.id}>
      <div className="container">
        <SectionHeader section={pricing.section} />
        <div className="pricing-grid">
          {pricing.plans.map((plan) => (
            <article key={plan.name} className={plan.highlighted ? 'plan card plan-highlighted' : 'plan card'}>
              {plan.highlighted && <span className="plan-ribbon">Most popular</span>}
              <h3>{plan.name}</h3>
              <p className="muted">{plan.summary}</p>
              <p className="plan-price">
                <strong>{plan.price}</strong> <span className="muted">{plan.period}</span>
              </p>
              <ul>
                {plan.perks.map((perk) => (
                  <li key={perk}>
                    <Check size={18} aria-hidden="true" />
                    {perk}
                  </li>
                ))}
              </ul>
              <a className={plan.highlighted ? 'btn btn-primary' : 'btn btn-outline'} href="#contact">
                {plan.cta}
              </a>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
