import { Link, useNavigate } from '@tanstack/react-router';
import { BookOpen } from 'lucide-react';
import { useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { ForgeLogo } from '@/components/ui/logo';
import { RecoveryKeyReveal } from './recovery-key-reveal';
import { SigninCard } from './signin-card';
import { SignupCard } from './signup-card';

export function AuthPage({ redirectTo }: { redirectTo: string | undefined }) {
  const navigate = useNavigate();
  const [newKey, setNewKey] = useState<string | null>(null);
  const proceed = () => void navigate({ href: redirectTo ?? '/', replace: true });

  return (
    <div className="relative flex min-h-full flex-col overflow-hidden">
      <div aria-hidden className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_60%_50%_at_50%_-5%,color-mix(in_srgb,var(--color-primary)_22%,transparent),transparent)]" />
      <header className="relative">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between px-4 sm:px-6">
          <Link to="/" aria-label="Forge home" className="flex items-center rounded-md">
            <ForgeLogo />
          </Link>
          <Link to="/docs" className={buttonClasses('ghost', 'sm')}>
            <BookOpen className="size-4" aria-hidden />
            Docs
          </Link>
        </div>
      </header>

      <main className="relative flex flex-1 flex-col items-center px-4 pt-8 pb-16 sm:px-6 sm:pt-14">
        {newKey ? (
          <RecoveryKeyReveal recoveryKey={newKey} onContinue={proceed} />
        ) : (
          <>
            <div className="max-w-xl text-center">
              <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">Welcome to Forge</h1>
              <p className="mt-3 text-sm leading-relaxed text-muted sm:text-base">Describe an app, and the agent builds it. Create an account or sign in with your recovery key.</p>
            </div>
            <div className="mt-10 grid w-full max-w-4xl grid-cols-1 gap-4 md:grid-cols-2">
              <SignupCard onCreated={setNewKey} />
              <SigninCard onSignedIn={proceed} />
            </div>
            <p className="mt-8 max-w-md text-center text-xs leading-relaxed text-subtle">
              Forge never asks for an email or a password. Lost your key? It cannot be recovered, because only a hash of it is stored.
            </p>
          </>
        )}
      </main>
    </div>
  );
}
