import { Link } from '@tanstack/react-router';
import {
  ArrowRight,
  Check,
  Clock,
  Code2,
  Database,
  Download,
  FileCode2,
  KeyRound,
  LayoutDashboard,
  ListChecks,
  MessageSquareText,
  Monitor,
  Newspaper,
  Rocket,
  ShieldCheck,
  ShoppingBag,
  Sparkles,
  Users,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { SectionHeading } from './section-heading';

const generatedFiles = [
  'src/App.tsx',
  'src/pages/Home.tsx',
  'src/components/Cart.tsx',
  'server/index.ts',
  'shared/schema.ts',
  'db/seed.ts',
  'package.json',
  'vite.config.ts',
  '.env.example',
  'README.md',
];

function FilesVisual() {
  return (
    <ul aria-label="Example generated files" className="flex flex-wrap content-start gap-2">
      {generatedFiles.map((file) => (
        <li key={file} className="inline-flex items-center gap-1.5 rounded-md border border-border bg-background/60 px-2 py-1 font-mono text-[11px] text-muted">
          <FileCode2 className="size-3 text-info" aria-hidden />
          {file}
        </li>
      ))}
    </ul>
  );
}

const reconnectSteps = [
  { label: 'Tab closed', detail: 'The agent keeps writing on the server', tone: 'bg-subtle' },
  { label: 'Files saved as they finish', detail: '14 of 23 files written', tone: 'bg-warning' },
  { label: 'Reconnected', detail: 'Everything written so far, replayed', tone: 'bg-accent' },
];

function ReconnectVisual() {
  return (
    <ol aria-label="Background generation timeline" className="relative flex flex-col gap-4 border-l border-border pl-5">
      {reconnectSteps.map((step) => (
        <li key={step.label} className="relative">
          <span className={cn('absolute top-1.5 -left-[25px] size-2.5 rounded-full ring-4 ring-surface', step.tone)} aria-hidden />
          <span className="block text-sm font-medium text-foreground">{step.label}</span>
          <span className="block text-xs text-muted">{step.detail}</span>
        </li>
      ))}
    </ol>
  );
}

const features: Array<{ icon: LucideIcon; title: string; text: string; visual?: ReactNode; span?: string }> = [
  {
    icon: Code2,
    title: 'Complete React apps',
    text: 'The agent writes the whole project: components, pages, styles, configuration and, when needed, an API server. Real files you own, not a mockup.',
    visual: <FilesVisual />,
    span: 'sm:col-span-2',
  },
  {
    icon: Wrench,
    title: 'Build-fix loop',
    text: 'If a build fails, the agent reads the errors and repairs the code, with up to 5 automatic correction attempts.',
  },
  {
    icon: Monitor,
    title: 'Live preview in a sandbox',
    text: 'Each project is built and run in an isolated container and served on its own origin, separate from your account.',
  },
  {
    icon: Database,
    title: 'PostgreSQL per project',
    text: 'Apps that store data get their own database, with a typed schema, seed data and a built-in table browser.',
  },
  {
    icon: KeyRound,
    title: 'API keys & secrets',
    text: 'Forge lists the keys an app needs and saves them to the project environment, kept out of version control.',
  },
  {
    icon: Download,
    title: 'Download as ZIP',
    text: 'Take the source, configs, README and database files anywhere. No lock-in.',
  },
  {
    icon: Clock,
    title: 'Background generation',
    text: 'Generation runs on the server. Close the tab and come back: Forge reconnects and shows everything written so far.',
    visual: <ReconnectVisual />,
    // Seven cards: spanning here fills the last row of the two- and three-column grids alike.
    span: 'lg:col-span-2',
  },
];

export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title" className="scroll-mt-20 px-4 py-20 sm:px-6 sm:py-28">
      <SectionHeading id="features-title" eyebrow="Features" title="Everything from prompt to preview">
        Forge is more than a code generator: it writes, builds, repairs and runs your app, and gives you the tools to shape it.
      </SectionHeading>
      <div className="mx-auto mt-14 grid max-w-6xl grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {features.map(({ icon: Icon, title, text, visual, span }) => (
          <article
            key={title}
            className={cn(
              'group relative overflow-hidden rounded-[var(--radius-card)] border border-border bg-surface p-6 transition-colors hover:border-border-strong',
              visual ? 'grid gap-6 lg:grid-cols-2 lg:items-center' : undefined,
              span,
            )}
          >
            <div className="pointer-events-none absolute inset-0 bg-linear-to-br from-primary/[0.07] via-transparent to-transparent opacity-0 transition-opacity group-hover:opacity-100" />
            <div className="relative">
              <div className="flex size-10 items-center justify-center rounded-xl border border-primary/25 bg-primary/10 text-primary-hover">
                <Icon className="size-5" aria-hidden />
              </div>
              <h3 className="mt-5 text-base font-semibold tracking-tight">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{text}</p>
            </div>
            {visual && <div className="relative">{visual}</div>}
          </article>
        ))}
      </div>
    </section>
  );
}

const appTypes: Array<{ icon: LucideIcon; title: string; example: string }> = [
  { icon: Sparkles, title: 'Websites and landing pages', example: 'Portfolios, product launches, event pages' },
  { icon: LayoutDashboard, title: 'Dashboards', example: 'Analytics, admin panels, internal tools' },
  { icon: ShoppingBag, title: 'E-commerce', example: 'Catalogues, carts, order tracking' },
  { icon: Newspaper, title: 'Blogs and CMS', example: 'Posts, editors, categories, comments' },
  { icon: Users, title: 'Social media', example: 'Profiles, feeds, likes and follows' },
  { icon: ListChecks, title: 'Productivity tools', example: 'Task boards, habit trackers, notes' },
];

export function AppTypesSection() {
  return (
    <section aria-labelledby="app-types-title" className="border-y border-border bg-surface/40 px-4 py-20 sm:px-6 sm:py-24">
      <SectionHeading id="app-types-title" eyebrow="What you can build" title="From a landing page to a full-stack app" />
      <ul className="mx-auto mt-12 grid max-w-5xl grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {appTypes.map(({ icon: Icon, title, example }) => (
          <li key={title} className="flex items-center gap-4 rounded-xl border border-border bg-surface px-4 py-4 transition-colors hover:border-border-strong">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-surface-3 text-foreground">
              <Icon className="size-5" aria-hidden />
            </span>
            <span className="min-w-0">
              <span className="block text-sm font-semibold">{title}</span>
              <span className="block text-xs text-muted">{example}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const steps: Array<{ icon: LucideIcon; title: string; text: string }> = [
  { icon: MessageSquareText, title: 'Describe your app', text: 'Write what it should do and how it should look. Add screenshots or mockups as design references.' },
  { icon: FileCode2, title: 'The agent writes the code', text: 'Watch every file stream in, live, with a terminal log of what the agent is doing.' },
  { icon: Wrench, title: 'Forge builds and fixes it', text: 'The project is built in a sandbox; build errors are repaired automatically, up to 5 times.' },
  { icon: Rocket, title: 'Preview, refine, ship', text: 'Try it in the live preview, request changes in plain words, and download the code as a ZIP.' },
];

export function HowItWorksSection() {
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="scroll-mt-20 px-4 py-20 sm:px-6 sm:py-28">
      <SectionHeading id="how-title" eyebrow="How it works" title="Four steps from idea to running app" />
      <ol className="mx-auto mt-14 grid max-w-6xl grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {steps.map(({ icon: Icon, title, text }, index) => (
          <li key={title} className="relative rounded-[var(--radius-card)] border border-border bg-surface p-6">
            <div className="flex items-center justify-between">
              <span className="flex size-10 items-center justify-center rounded-xl bg-surface-3 text-foreground">
                <Icon className="size-5" aria-hidden />
              </span>
              <span className="font-mono text-3xl font-semibold text-border-strong">0{index + 1}</span>
            </div>
            <h3 className="mt-5 text-base font-semibold tracking-tight">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted">{text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function RecoveryKeySection() {
  return (
    <section aria-labelledby="auth-title" className="px-4 pb-20 sm:px-6 sm:pb-28">
      <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-10 rounded-[var(--radius-card)] border border-border bg-surface p-6 sm:p-10 lg:grid-cols-2">
        <div>
          <div className="flex size-10 items-center justify-center rounded-xl border border-accent/30 bg-accent/10 text-accent">
            <ShieldCheck className="size-5" aria-hidden />
          </div>
          <h2 id="auth-title" className="mt-5 text-2xl font-semibold tracking-tight sm:text-3xl">
            No email. No password. One recovery key.
          </h2>
          <p className="mt-4 text-base leading-relaxed text-muted">
            Signing up takes one click. Forge gives you a unique recovery key, shown once, and that key is how you sign in from any device. We store only a hash of it, so nobody at Forge can read it,
            and there is no personal data to leak.
          </p>
          <ul className="mt-6 flex flex-col gap-2.5 text-sm">
            {['Projects are private to your account', 'Sessions in a secure, http-only cookie', 'Keep the key in your password manager'].map((item) => (
              <li key={item} className="flex gap-2.5">
                <Check className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
                <span className="text-foreground/90">{item}</span>
              </li>
            ))}
          </ul>
        </div>
        <div aria-hidden className="rounded-xl border border-border bg-background/60 p-5 sm:p-6">
          <p className="text-xs font-medium tracking-wide text-subtle uppercase">Your recovery key</p>
          <div className="mt-3 flex items-center gap-2 rounded-lg border border-primary/40 bg-linear-to-br from-primary/10 to-transparent p-2.5">
            <span className="min-w-0 flex-1 truncate rounded-md bg-background/70 px-3 py-2 font-mono text-sm text-foreground">7Kq2mZ••••••••••••••••••••x9Pd</span>
            <span className="rounded-md bg-primary px-3 py-2 text-xs font-medium text-white">Copy</span>
          </div>
          <div className="mt-4 flex gap-2.5 rounded-lg border border-warning/30 bg-warning/10 p-3 text-xs leading-relaxed text-foreground/80">
            <KeyRound className="size-4 shrink-0 text-warning" />
            Shown once. It is the only way into your account.
          </div>
        </div>
      </div>
    </section>
  );
}

export function FinalCta() {
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-24 sm:px-6">
      <div className="relative mx-auto max-w-6xl overflow-hidden rounded-[var(--radius-card)] border border-primary/30 bg-surface px-6 py-14 text-center sm:px-12 sm:py-20">
        <div className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_60%_80%_at_50%_0%,color-mix(in_srgb,var(--color-primary)_28%,transparent),transparent)]" />
        <h2 id="cta-title" className="relative text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
          Your next app is one description away
        </h2>
        <p className="relative mx-auto mt-4 max-w-xl text-base text-muted">Tell the agent what you want to build. You will have real, working code in minutes.</p>
        <div className="relative mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <Link to="/auth" className={buttonClasses('primary', 'lg', 'w-full sm:w-auto')}>
            Get started
            <ArrowRight className="size-4" aria-hidden />
          </Link>
          <Link to="/docs" className={buttonClasses('outline', 'lg', 'w-full sm:w-auto')}>
            Read the docs
          </Link>
        </div>
      </div>
    </section>
  );
}
