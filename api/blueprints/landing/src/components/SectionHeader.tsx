import type { Section } from '@/content';
import { cn } from '@/lib/utils';

export function SectionHeader({ section, className }: { section: Section; className?: string }) {
  return (
    <header className={cn('mx-auto mb-12 max-w-2xl text-center', className)}>
      <p className="text-sm font-semibold tracking-wide text-primary uppercase">{section.eyebrow}</p>
      <h2 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{section.title}</h2>
      <p className="mt-4 text-lg text-muted-foreground">{section.intro}</p>
    </header>
  );
}
