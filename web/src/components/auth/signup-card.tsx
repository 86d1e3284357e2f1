import { useMutation } from '@tanstack/react-query';
import { Check, UserPlus } from 'lucide-react';
import { getErrorMessage } from '@/api/errors';
import { signup } from '@/api/queries/auth';
import { Button } from '@/components/ui/button';
import { ButtonSpinner } from '@/components/ui/button-spinner';
import { useSessionStart } from './use-session-start';

const points = ['No email address, no password', 'One unique recovery key, shown once', 'Your projects stay private to you'];

export function SignupCard({ onCreated }: { onCreated: (recoveryKey: string) => void }) {
  const startSession = useSessionStart();
  const mutation = useMutation({
    mutationFn: signup,
    onSuccess: ({ recoveryKey, user }) => {
      startSession(user);
      onCreated(recoveryKey);
    },
  });

  return (
    <section aria-labelledby="signup-title" className="relative flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-primary/30 bg-surface p-6 shadow-xl shadow-primary/5 sm:p-8">
      <div aria-hidden className="pointer-events-none absolute inset-x-0 top-0 h-32 bg-linear-to-b from-primary/15 to-transparent" />
      <div className="relative flex size-11 items-center justify-center rounded-xl border border-primary/30 bg-primary/15 text-primary-hover">
        <UserPlus className="size-5" aria-hidden />
      </div>
      <h2 id="signup-title" className="relative mt-5 text-xl font-semibold tracking-tight">
        Create an account
      </h2>
      <p className="relative mt-2 text-sm leading-relaxed text-muted">New to Forge? Start in one click. We give you a recovery key instead of asking for personal details.</p>
      <ul className="relative mt-5 flex flex-col gap-2.5 text-sm">
        {points.map((point) => (
          <li key={point} className="flex items-center gap-2.5 text-foreground/90">
            <span className="flex size-5 items-center justify-center rounded-full bg-accent/15 text-accent">
              <Check className="size-3" aria-hidden />
            </span>
            {point}
          </li>
        ))}
      </ul>
      <div className="relative mt-auto pt-7">
        {mutation.isError && (
          <p role="alert" className="mb-3 rounded-lg border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive">
            {getErrorMessage(mutation.error, 'Could not create an account. Please try again.')}
          </p>
        )}
        <Button size="lg" className="w-full" onClick={() => mutation.mutate()} disabled={mutation.isPending}>
          {mutation.isPending && <ButtonSpinner />}
          {mutation.isPending ? 'Creating account...' : 'Create account'}
        </Button>
      </div>
    </section>
  );
}
