import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { ArrowRight, Gift, WandSparkles } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { ForgeLogo } from '@/components/ui/logo';
import { MarketingNav } from './marketing-nav';
import { ProductMock } from './product-mock';
import { PricingSection } from './pricing-section';
import { AppTypesSection, FeaturesSection, FinalCta, HowItWorksSection, RecoveryKeySection } from './sections';
import { WallSection } from './wall-section';

/** What visitors without a session see at `/`. */
export function MarketingPage() {
  return (
    <div className="min-h-full overflow-x-hidden">
      <MarketingNav />
      <main>
        <Hero />
        <FeaturesSection />
        <AppTypesSection />
        <HowItWorksSection />
        <WallSection />
        <PricingSection />
        <RecoveryKeySection />
        <FinalCta />
      </main>
      <footer className="border-t border-border">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-subtle sm:flex-row sm:px-6">
          <ForgeLogo markClassName="size-5" className="text-sm" />
          <p>Describe it. Forge builds it.</p>
          <nav aria-label="Footer" className="flex items-center gap-4">
            <Link to="/wall" className="transition-colors hover:text-foreground">
              Wall
            </Link>
            <Link to="/docs" className="transition-colors hover:text-foreground">
              Documentation
            </Link>
            <Link to="/auth" className="transition-colors hover:text-foreground">
              Account
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}

function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative px-4 pt-16 pb-4 sm:px-6 sm:pt-24 sm:pb-8">
      <div aria-hidden className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(ellipse_70%_55%_at_50%_-5%,color-mix(in_srgb,var(--color-primary)_26%,transparent),transparent)]" />
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 -z-10 bg-[linear-gradient(to_right,color-mix(in_srgb,var(--color-border)_45%,transparent)_1px,transparent_1px),linear-gradient(to_bottom,color-mix(in_srgb,var(--color-border)_45%,transparent)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_60%_50%_at_50%_0%,black,transparent)] bg-[size:48px_48px]"
      />
      <div className="mx-auto max-w-3xl text-center">
        <Link
          to="/docs"
          className="inline-flex items-center gap-2 rounded-full border border-border bg-surface/80 py-1 pr-3 pl-1 text-xs text-muted transition-colors hover:border-border-strong hover:text-foreground"
        >
          <span className="rounded-full bg-primary/15 px-2 py-0.5 font-medium text-primary-hover">New</span>
          Builds that fix themselves, up to 5 attempts
          <ArrowRight className="size-3" aria-hidden />
        </Link>
        <h1 id="hero-title" className="mt-7 text-4xl leading-[1.05] font-semibold tracking-tight text-balance sm:text-6xl">
          Describe it. <span className="bg-linear-to-r from-[#a99dff] via-primary to-accent bg-clip-text text-transparent">Forge builds it.</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-base leading-relaxed text-pretty text-muted sm:text-lg">
          Turn a plain-language description into a complete React app. The agent writes the code, Forge builds it, fixes what breaks, and shows it running in a live preview.
        </p>
        <HeroPrompt />
        <div className="mt-6 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link to="/auth" className={buttonClasses('outline', 'lg', 'w-full sm:w-auto')}>
            Start for Free
            <ArrowRight className="size-4" aria-hidden />
          </Link>
          <Link to="/wall" className={buttonClasses('outline', 'lg', 'w-full sm:w-auto')}>
            See what people built
          </Link>
        </div>
        <p className="mt-5 text-xs text-subtle">
          <Gift className="mr-1.5 inline size-3.5 align-[-2px]" aria-hidden />
          $10 in free credits to start. No email or password: your account is a unique recovery key.
        </p>
      </div>
      <div className="mt-16 sm:mt-20">
        <ProductMock />
      </div>
    </section>
  );
}

/** The most of a description the address carries through sign-up; the generate form takes longer ones typed there. */
const HERO_PROMPT_MAX_CHARS = 2000;

/** "What do you want to build?": the description goes through sign-up into the generate form. */
function HeroPrompt() {
  const navigate = useNavigate();
  const router = useRouter();
  const [prompt, setPrompt] = useState('');
  const id = useId();

  const submit = (event: Pick<FormEvent, 'preventDefault'>) => {
    event.preventDefault();
    const text = prompt.trim();
    // The router writes the address, so the form reads back exactly what was typed.
    const redirect = text ? router.buildLocation({ to: '/', search: { prompt: text } }).href : '/';
    void navigate({ to: '/auth', search: { redirect } });
  };

  return (
    <form onSubmit={submit} className="mx-auto mt-9 max-w-2xl rounded-2xl border border-border bg-surface/90 p-2 text-left shadow-xl shadow-black/30 focus-within:border-primary/60">
      <label htmlFor={id} className="sr-only">
        What do you want to build?
      </label>
      <textarea
        id={id}
        rows={2}
        value={prompt}
        maxLength={HERO_PROMPT_MAX_CHARS}
        onChange={(event) => setPrompt(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) submit(event);
        }}
        placeholder="What do you want to build?"
        className="block w-full resize-none bg-transparent px-3 py-2 text-base text-foreground placeholder:text-subtle outline-none"
      />
      <div className="flex justify-end">
        <button type="submit" className={buttonClasses('primary', 'md')}>
          <WandSparkles className="size-4" aria-hidden />
          Start building
        </button>
      </div>
    </form>
  );
}
