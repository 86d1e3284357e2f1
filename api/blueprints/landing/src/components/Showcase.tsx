import { SectionHeader } from '@/components/SectionHeader';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { showcase } from '@/content';
import { cn } from '@/lib/utils';

/** Cover art for a portfolio piece, made from the palette: no images to load. */
const THUMBS = [
  'bg-linear-135 from-primary to-accent',
  'bg-linear-160 from-accent to-[color-mix(in_oklab,var(--primary)_70%,black)]',
  'bg-linear-200 from-[color-mix(in_oklab,var(--primary)_60%,white)] to-primary',
];

export function Showcase() {
  const { layout } = showcase;
  return (
    <section id={showcase.section.id} className="scroll-mt-16 bg-muted/50 py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeader section={showcase.section} />
        <div className={cn('grid gap-5', layout === 'menu' ? 'md:grid-cols-2' : 'md:grid-cols-3')}>
          {showcase.items.map((item, index) => (
            <Card key={item.title} className={cn('overflow-hidden', layout === 'work' && 'pt-0')}>
              {layout === 'work' && (
                <div className={cn('grid aspect-[16/10] place-items-center text-6xl font-extrabold text-primary-foreground/85', THUMBS[index % THUMBS.length])} aria-hidden>
                  {item.title.charAt(0)}
                </div>
              )}
              <div className="grid gap-2 px-5">
                {layout === 'steps' && <span className="mb-2 grid size-10 place-items-center rounded-full bg-primary font-bold text-primary-foreground">{index + 1}</span>}
                <div className="flex items-baseline justify-between gap-3">
                  <h3 className="text-lg font-semibold">{item.title}</h3>
                  {layout === 'menu' && <span className="font-semibold text-primary">{item.meta}</span>}
                </div>
                {layout !== 'menu' && <p className="text-sm text-muted-foreground">{item.meta}</p>}
                <p className="text-muted-foreground">{item.body}</p>
                <Badge variant="accent" className="mt-1">
                  {item.tag}
                </Badge>
              </div>
            </Card>
          ))}
        </div>
      </div>
    </section>
  );
}
