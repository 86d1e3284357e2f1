import { Check } from 'lucide-react';
import { SectionHeader } from '@/components/SectionHeader';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { pricing } from '@/content';
import { cn } from '@/lib/utils';

export function Pricing() {
  return (
    <section id={pricing.section.id} className="scroll-mt-16 bg-muted/50 py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeader section={pricing.section} />
        <div className="grid items-start gap-5 md:grid-cols-3">
          {pricing.plans.map((plan) => (
            <Card key={plan.name} className={cn('relative', plan.highlighted && 'border-primary shadow-lg ring-1 ring-primary md:-mt-3')}>
              {plan.highlighted && <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">Most popular</Badge>}
              <CardHeader>
                <CardTitle className="text-lg">{plan.name}</CardTitle>
                <CardDescription>{plan.summary}</CardDescription>
              </CardHeader>
              <CardContent className="grid gap-5">
                <p>
                  <span className="text-4xl font-bold tracking-tight">{plan.price}</span> <span className="text-sm text-muted-foreground">{plan.period}</span>
                </p>
                <ul className="grid gap-2.5 text-sm">
                  {plan.perks.map((perk) => (
                    <li key={perk} className="flex gap-2">
                      <Check className="size-4 shrink-0 translate-y-0.5 text-primary" aria-hidden />
                      {perk}
                    </li>
                  ))}
                </ul>
              </CardContent>
              <CardFooter>
                <Button asChild variant={plan.highlighted ? 'default' : 'outline'} className="w-full">
                  <a href="#contact">{plan.cta}</a>
                </Button>
              </CardFooter>
            </Card>
          ))}
        </div>
      </div>
    </section>
  );
}
