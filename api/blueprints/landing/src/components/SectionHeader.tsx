import type { Section } from '../content';

export function SectionHeader({ section }: { section: Section }) {
  return (
    <header className="section-header">
      <span className="eyebrow">{section.eyebrow}</span>
      <h2>{section.title}</h2>
      <p>{section.intro}</p>
    </header>
  );
}
