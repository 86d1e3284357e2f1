import { useMutation } from '@tanstack/react-query';
import { Eye, EyeOff, LogIn } from 'lucide-react';
import { useId, useState } from 'react';
import { getErrorMessage } from '@/api/errors';
import { login } from '@/api/queries/auth';
import { Button } from '@/components/ui/button';
import { ButtonSpinner } from '@/components/ui/button-spinner';
import { useSessionStart } from './use-session-start';

export function SigninCard({ onSignedIn }: { onSignedIn: () => void }) {
  const inputId = useId();
  const errorId = useId();
  const [recoveryKey, setRecoveryKey] = useState('');
  const [visible, setVisible] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const startSession = useSessionStart();
  const mutation = useMutation({
    mutationFn: (key: string) => login({ recoveryKey: key }),
    onSuccess: ({ user }) => {
      startSession(user);
      onSignedIn();
    },
  });

  const error = localError ?? (mutation.isError ? getErrorMessage(mutation.error, 'Sign in failed. Please try again.') : null);

  return (
    <section aria-labelledby="signin-title" className="flex flex-col rounded-[var(--radius-card)] border border-border bg-surface p-6 sm:p-8">
      <div className="flex size-11 items-center justify-center rounded-xl border border-border bg-surface-3 text-muted">
        <LogIn className="size-5" aria-hidden />
      </div>
      <h2 id="signin-title" className="mt-5 text-xl font-semibold tracking-tight">
        Sign in
      </h2>
      <p className="mt-2 text-sm leading-relaxed text-muted">Already have an account? Paste the recovery key you saved at sign-up.</p>

      <form
        className="mt-6 flex flex-1 flex-col"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const key = recoveryKey.trim();
          if (!key) {
            setLocalError('Enter your recovery key');
            return;
          }
          setLocalError(null);
          mutation.mutate(key);
        }}
      >
        <label htmlFor={inputId} className="text-sm font-medium text-foreground">
          Recovery key
        </label>
        <div className="relative mt-2">
          <input
            id={inputId}
            name="recoveryKey"
            type={visible ? 'text' : 'password'}
            autoComplete="current-password"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            value={recoveryKey}
            onChange={(event) => {
              setRecoveryKey(event.target.value);
              setLocalError(null);
              if (mutation.isError) mutation.reset();
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            placeholder="Paste your key"
            className="h-11 w-full rounded-lg border border-border bg-surface-2 pr-11 pl-3 font-mono text-sm text-foreground placeholder:font-sans placeholder:text-subtle transition-colors hover:border-border-strong focus:border-primary focus:ring-2 focus:ring-primary/30 focus:outline-none focus-visible:outline-none aria-invalid:border-destructive/60"
          />
          <button
            type="button"
            onClick={() => setVisible((value) => !value)}
            aria-label={visible ? 'Hide key' : 'Show key'}
            aria-pressed={visible}
            className="absolute top-1/2 right-1.5 flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-subtle transition-colors hover:bg-surface-3 hover:text-foreground"
          >
            {visible ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
          </button>
        </div>
        {error && (
          <p id={errorId} role="alert" className="mt-2 text-sm text-destructive">
            {error}
          </p>
        )}
        <div className="mt-auto pt-7">
          <Button type="submit" size="lg" variant="secondary" className="w-full" disabled={mutation.isPending}>
            {mutation.isPending && <ButtonSpinner />}
            {mutation.isPending ? 'Signing in...' : 'Sign in'}
          </Button>
        </div>
      </form>
    </section>
  );
}
