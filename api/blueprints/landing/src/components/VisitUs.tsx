import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { SectionHeader } from '@/components/SectionHeader';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { visit } from '@/content';

export function VisitUs() {
  return (
    <section id={visit.section.id} className="scroll-mt-16 bg-muted/50 py-20">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <SectionHeader section={visit.section} />
        <div className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Clock className="size-5 text-primary" aria-hidden /> Opening hours
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <table className="w-full text-sm">
                <tbody>
                  {visit.hours.map((row) => (
                    <tr key={row.days} className="border-b last:border-0">
                      <th scope="row" className="py-2 text-left font-medium">
                        {row.days}
                      </th>
                      <td className="py-2 text-right text-muted-foreground">{row.time}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p className="text-sm text-muted-foreground">{visit.note}</p>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <MapPin className="size-5 text-primary" aria-hidden /> Find us
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3">
              <address className="grid not-italic">
                {visit.address.map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </address>
              <a className="flex items-center gap-2 hover:text-primary" href={'tel:' + visit.phone.replace(/[^0-9+]/g, '')}>
                <Phone className="size-4" aria-hidden /> {visit.phone}
              </a>
              <a className="flex items-center gap-2 hover:text-primary" href={'mailto:' + visit.email}>
                <Mail className="size-4" aria-hidden /> {visit.email}
              </a>
            </CardContent>
          </Card>
          <div
            role="img"
            aria-label={'Map showing ' + visit.address.join(', ')}
            className="grid min-h-60 place-items-center rounded-xl border bg-[linear-gradient(var(--border)_1px,transparent_1px),linear-gradient(90deg,var(--border)_1px,transparent_1px)] bg-[size:2rem_2rem] md:col-span-2 lg:col-span-1"
          >
            <span className="grid size-14 place-items-center rounded-full bg-primary text-primary-foreground shadow-lg">
              <MapPin className="size-7" aria-hidden />
            </span>
          </div>
        </div>
      </div>
    </section>
  );
}
