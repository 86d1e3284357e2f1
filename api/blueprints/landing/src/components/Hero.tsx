import { ArrowRight } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { hero } from '@/content';

export function Hero() {
  return (
    <section id="top" className="relative overflow-hidden">
      <div aria-hidden className="pointer-events-none absolute inset-0 bg-[radial-gradient(40rem_24rem_at_85%_10%,color-mix(in_oklab,var(--accent)_18%,transparent),transparent_70%),radial-gradient(36rem_30rem_at_5%_0%,color-mix(in_oklab,var(--primary)_16%,transparent),transparent_70%)]" />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[1.15fr_1fr]">
        <div>
          <Badge variant="secondary" className="px-3 py-1 text-primary">
            {hero.eyebrow}
          </Badge>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">{hero.headline}</h1>
          <p className="mt-6 max-w-xl text-lg text-muted-foreground">{hero.intro}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <a href={hero.primaryCta.href}>
                {hero.primaryCta.label}
                <ArrowRight />
              </a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href={hero.secondaryCta.href}>{hero.secondaryCta.label}</a>
            </Button>
          </div>
          <dl className="mt-10 grid max-w-lg grid-cols-3 gap-6">
            {hero.stats.map((stat) => (
              <div key={stat.label}>
                <dt className="text-2xl font-bold">{stat.value}</dt>
                <dd className="mt-1 text-sm text-muted-foreground">{stat.label}</dd>
              </div>
            ))}
          </dl>
        </div>
        <Card className="shadow-xl lg:rotate-1" aria-label={hero.preview.heading}>
          <CardHeader className="border-b pb-4">
            <CardTitle>{hero.preview.heading}</CardTitle>
            <CardDescription>{hero.preview.caption}</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-4">
              {hero.preview.rows.map((row) => (
                <li key={row.label} className="grid gap-2">
                  <div className="flex justify-between gap-4 text-sm font-medium">
                    <span>{row.label}</span>
                    <span className="text-muted-foreground">{row.detail}</span>
                  </div>
                  {row.progress !== undefined && <Progress value={row.progress} aria-label={row.label} />}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
