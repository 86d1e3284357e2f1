import { SectionHeader } from '@/components/SectionHeader';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { features } from '@/content';

export function FeatureGrid() {
  return (
    <section id={features.section.id} className="scroll-mt-16 py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeader section={features.section} />
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {features.items.map(({ icon: Icon, title, body }) => (
            <Card key={title} className="transition-shadow hover:shadow-md">
              <CardHeader>
                <span className="mb-3 grid size-11 place-items-center rounded-lg bg-primary/10 text-primary" aria-hidden>
                  <Icon className="size-5" />
                </span>
                <CardTitle className="text-lg">{title}</CardTitle>
              </CardHeader>
              <CardContent className="text-muted-foreground">{body}</CardContent>
            </Card>
          ))}
        </div>
      </div>
    </section>
  );
}
