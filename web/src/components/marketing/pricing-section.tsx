import { Link } from '@tanstack/react-router';
import { Check, Coins, Gift, type LucideIcon, Wallet } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { SectionHeading } from './section-heading';

const pricingPlans: Array<{ icon: LucideIcon; name: string; price: string; unit: string; items: string[]; featured?: boolean }> = [
  {
    icon: Gift,
    name: 'Welcome bonus',
    price: '$10',
    unit: 'in free credits',
    items: ['Credited the moment you sign up', 'No card, no email, no subscription', 'Enough for several simple projects'],
    featured: true,
  },
  {
    icon: Coins,
    name: 'Usage pricing',
    price: '$3 / $15',
    unit: 'per million tokens',
    items: ['Input tokens: $3 per million', 'Output tokens: $15 per million', 'A simple project averages $0.50 to $2', 'A complex one averages $2 to $5', 'Auto-fix makes up to 5 correction attempts'],
  },
  {
    icon: Wallet,
    name: 'Top-ups in USDC',
    price: 'USDC',
    unit: 'on Ethereum',
    items: ['Send USDC to the deposit address shown in your account', 'Link your wallet once by signing a message', 'Credited once the transfer is confirmed'],
  },
];

/** The plans; a signed-in user (on `/pricing`) is shown their balance rather than offered a new account. */
export function PricingSection({ signedIn = false }: { signedIn?: boolean }) {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 border-t border-border px-4 py-20 sm:px-6 sm:py-28">
      <SectionHeading id="pricing-title" eyebrow="Pricing" title="Pay only for what the agent uses">
        Start with $10 in free credits. After that, you pay per million tokens the agent reads and writes, and see what each project cost you. No subscription.
      </SectionHeading>
      <div className="mx-auto mt-14 grid max-w-6xl grid-cols-1 gap-4 md:grid-cols-3">
        {pricingPlans.map(({ icon: Icon, name, price, unit, items, featured }) => (
          <article
            key={name}
            className={cn('relative flex flex-col overflow-hidden rounded-[var(--radius-card)] border bg-surface p-7', featured ? 'border-primary/40 shadow-xl shadow-primary/5' : 'border-border')}
          >
            {featured && <div className="pointer-events-none absolute inset-x-0 top-0 h-28 bg-linear-to-b from-primary/15 to-transparent" />}
            <div className="relative flex items-center justify-between">
              <h3 className="text-lg font-semibold">{name}</h3>
              <span className="flex size-9 items-center justify-center rounded-xl border border-primary/25 bg-primary/10 text-primary-hover">
                <Icon className="size-4" aria-hidden />
              </span>
            </div>
            <p className="relative mt-4 flex flex-wrap items-baseline gap-x-1.5">
              <span className="text-4xl font-semibold tracking-tight">{price}</span>
              <span className="text-sm text-muted">{unit}</span>
            </p>
            <ul className="relative mt-6 flex flex-col gap-3 text-sm">
              {items.map((item) => (
                <li key={item} className="flex gap-2.5">
                  <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
                  <span className="text-foreground/90">{item}</span>
                </li>
              ))}
            </ul>
            {featured && (
              <div className="relative mt-auto pt-8">
                {signedIn ? (
                  <Link to="/account" className={buttonClasses('primary', 'md', 'w-full')}>
                    See your balance
                  </Link>
                ) : (
                  <Link to="/auth" className={buttonClasses('primary', 'md', 'w-full')}>
                    Create a free account
                  </Link>
                )}
              </div>
            )}
          </article>
        ))}
      </div>
    </section>
  );
}
