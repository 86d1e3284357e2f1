import * as Accordion from '@radix-ui/react-accordion';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, ArrowRight, ChevronDown, Eye, MessageSquareText, Wand2 } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { ForgeMark } from '@/components/ui/logo';
import { DOCS_SECTIONS } from './docs-sections';
import './docs.css';

const quickStart = [
  { icon: MessageSquareText, title: 'Describe', text: 'Write what the app should do and how it should look.' },
  { icon: Wand2, title: 'Generate', text: 'The agent writes every file; failed builds are fixed automatically.' },
  { icon: Eye, title: 'Preview', text: 'Try the running app, edit it in words, or download the code.' },
];

export function DocsPage() {
  return (
    <div className="flex min-h-full flex-col">
      <header className="sticky top-0 z-20 border-b border-border bg-background/80 backdrop-blur-md">
        <div className="mx-auto flex h-16 max-w-4xl items-center justify-between gap-4 px-4 sm:px-6">
          <div className="flex min-w-0 items-center gap-3">
            <Link to="/" aria-label="Forge home" className="rounded-lg">
              <ForgeMark className="size-8" />
            </Link>
            <div className="min-w-0">
              <h1 className="text-base leading-tight font-semibold tracking-tight">Documentation</h1>
              <p className="text-xs text-muted">Complete guide</p>
            </div>
          </div>
          <Link to="/" className={buttonClasses('outline', 'sm')}>
            <ArrowLeft className="size-4" aria-hidden />
            Back to App
          </Link>
        </div>
      </header>

      <main className="mx-auto w-full max-w-4xl flex-1 px-4 py-10 sm:px-6 sm:py-14">
        <section aria-labelledby="docs-intro-title">
          <p className="text-sm font-medium text-primary-hover">Forge guide</p>
          <h2 id="docs-intro-title" className="mt-2 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
            From a description to a running React app
          </h2>
          <p className="mt-4 max-w-2xl text-base leading-relaxed text-muted">
            Everything you need to know to create, understand, edit and ship projects with Forge. Open any section below; each one is short and to the point.
          </p>
          <ol className="mt-8 grid grid-cols-1 gap-3 sm:grid-cols-3">
            {quickStart.map(({ icon: Icon, title, text }, index) => (
              <li key={title} className="rounded-[var(--radius-card)] border border-border bg-surface p-4">
                <div className="flex items-center gap-2">
                  <span className="flex size-8 items-center justify-center rounded-lg border border-primary/30 bg-primary/10 text-primary-hover">
                    <Icon className="size-4" aria-hidden />
                  </span>
                  <span className="text-xs font-medium text-subtle">Step {index + 1}</span>
                </div>
                <p className="mt-3 text-sm font-semibold text-foreground">{title}</p>
                <p className="mt-1 text-sm leading-relaxed text-muted">{text}</p>
              </li>
            ))}
          </ol>
        </section>

        <Accordion.Root type="single" collapsible className="mt-12 flex flex-col gap-3">
          {DOCS_SECTIONS.map(({ id, title, summary, icon: Icon, body }) => (
            <Accordion.Item
              key={id}
              value={id}
              id={id}
              className="group overflow-hidden rounded-[var(--radius-card)] border border-border bg-surface transition-colors hover:border-border-strong data-[state=open]:border-primary/30 data-[state=open]:bg-surface-2/40"
            >
              <Accordion.Header asChild>
                <h2>
                  <Accordion.Trigger className="flex w-full items-center gap-4 px-4 py-4 text-left sm:px-5 focus-visible:outline-offset-[-2px]">
                    <span className="flex size-9 shrink-0 items-center justify-center rounded-lg border border-border bg-surface-2 text-muted transition-colors group-data-[state=open]:border-primary/30 group-data-[state=open]:bg-primary/10 group-data-[state=open]:text-primary-hover">
                      <Icon className="size-4" aria-hidden />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="block text-[0.9375rem] font-semibold tracking-tight text-foreground">{title}</span>
                      <span className="mt-0.5 block text-xs text-subtle sm:text-sm">{summary}</span>
                    </span>
                    <ChevronDown className="size-4 shrink-0 text-subtle transition-transform duration-200 group-data-[state=open]:rotate-180" aria-hidden />
                  </Accordion.Trigger>
                </h2>
              </Accordion.Header>
              <Accordion.Content className="docs-accordion-content">
                <div className="flex flex-col gap-4 border-t border-border px-4 py-5 sm:px-5 sm:pl-[4.5rem]">{body}</div>
              </Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </main>

      <footer className="border-t border-border">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-4 px-4 py-12 text-center sm:px-6">
          <h2 className="text-xl font-semibold tracking-tight">Ready to build something?</h2>
          <p className="max-w-md text-sm text-muted">Describe your idea and let the agent take it from there.</p>
          <Link to="/" className={buttonClasses('primary', 'lg')}>
            Start Creating
            <ArrowRight className="size-4" aria-hidden />
          </Link>
        </div>
      </footer>
    </div>
  );
}
