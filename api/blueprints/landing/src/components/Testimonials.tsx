import { Quote } from 'lucide-react';
import { SectionHeader } from '@/components/SectionHeader';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { testimonials } from '@/content';

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2);
}

export function Testimonials() {
  return (
    <section id={testimonials.section.id} className="scroll-mt-16 py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeader section={testimonials.section} />
        <div className="grid gap-5 md:grid-cols-3">
          {testimonials.items.map((item) => (
            <Card key={item.name} className="justify-between">
              <CardContent>
                <Quote className="mb-3 size-7 text-accent" aria-hidden />
                <blockquote className="text-lg leading-relaxed">{item.quote}</blockquote>
              </CardContent>
              <CardFooter className="gap-3">
                <Avatar>
                  <AvatarFallback className="bg-primary/10 text-primary">{initials(item.name)}</AvatarFallback>
                </Avatar>
                <div className="text-sm">
                  <p className="font-semibold">{item.name}</p>
                  <p className="text-muted-foreground">{item.role}</p>
                </div>
              </CardFooter>
            </Card>
          ))}
        </div>
      </div>
    </section>
  );
}
