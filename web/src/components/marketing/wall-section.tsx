import { Link } from '@tanstack/react-router';
import { ArrowRight, Globe, Link2, Lock } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';

const points = [
  { icon: Link2, text: 'One click gives a project a public address: its running app and its code, read-only, for anyone without an account.' },
  { icon: Globe, text: 'Published projects appear on the wall, newest first, for everyone to try.' },
  { icon: Lock, text: 'Secrets and .env files are never shown. Unpublish and the address and the card are gone at once.' },
];

const sampleCards = [
  { name: 'bean-there', hue: 28, line: 'A landing page for a coffee roaster' },
  { name: 'habit-loop', hue: 162, line: 'Track habits with streaks' },
  { name: 'shop-lite', hue: 262, line: 'A small shop with a cart' },
];

/** The wall: sharing projects publicly, with the way to see it. */
export function WallSection() {
  return (
    <section id="wall" aria-labelledby="wall-title" className="scroll-mt-20 border-t border-border bg-surface/40 px-4 py-20 sm:px-6 sm:py-24">
      <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 lg:grid-cols-2">
        <div>
          <p className="text-sm font-medium text-primary-hover">The wall</p>
          <h2 id="wall-title" className="mt-2 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
            Share what you build
          </h2>
          <ul className="mt-6 flex flex-col gap-4">
            {points.map(({ icon: Icon, text }) => (
              <li key={text} className="flex gap-3 text-sm leading-relaxed text-muted">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-lg border border-primary/25 bg-primary/10 text-primary-hover">
                  <Icon className="size-4" aria-hidden />
                </span>
                {text}
              </li>
            ))}
          </ul>
          <Link to="/wall" className={buttonClasses('primary', 'lg', 'mt-8')}>
            Browse the wall
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        </div>
        <div aria-hidden className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-2 xl:grid-cols-3">
          {sampleCards.map((card, index) => (
            <div
              key={card.name}
              className={index === 2 ? 'hidden overflow-hidden rounded-xl border border-border bg-surface sm:block lg:hidden xl:block' : 'overflow-hidden rounded-xl border border-border bg-surface'}
            >
              <div
                className="relative aspect-[16/10]"
                style={{
                  background: `radial-gradient(ellipse 80% 70% at 30% 0%, hsl(${card.hue} 70% 45% / 0.45), transparent), linear-gradient(160deg, hsl(${card.hue} 35% 16%), hsl(${(card.hue + 40) % 360} 30% 9%))`,
                }}
              >
                <div className="absolute inset-x-4 top-4 bottom-0 rounded-t-md border border-white/10 bg-black/25">
                  <div className="flex h-4 items-center gap-1 border-b border-white/10 px-2">
                    <span className="size-1 rounded-full bg-white/30" />
                    <span className="size-1 rounded-full bg-white/20" />
                    <span className="size-1 rounded-full bg-white/15" />
                  </div>
                  <div className="flex h-[calc(100%-1rem)] items-center justify-center text-2xl font-semibold text-white/80">{card.name.charAt(0).toUpperCase()}</div>
                </div>
              </div>
              <div className="p-3">
                <p className="truncate text-sm font-semibold">{card.name}</p>
                <p className="mt-0.5 truncate text-xs text-muted">{card.line}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
