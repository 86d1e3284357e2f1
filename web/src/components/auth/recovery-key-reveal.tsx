import { AlertTriangle, ArrowRight, Check, Copy, KeyRound } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useCopied } from '@/lib/use-copied';

interface RecoveryKeyRevealProps {
  recoveryKey: string;
  onContinue: () => void;
}

/** Shown once, right after sign-up: the server keeps only a hash, so this is the last chance to copy it. */
export function RecoveryKeyReveal({ recoveryKey, onContinue }: RecoveryKeyRevealProps) {
  const { copied, copy: copyText } = useCopied(2000);

  const copy = async () => {
    if (!(await copyText(recoveryKey))) toast.error('Could not copy', { description: 'Select the key and copy it by hand.' });
  };

  return (
    <div className="w-full max-w-xl rounded-[var(--radius-card)] border border-border bg-surface p-6 shadow-2xl shadow-black/40 sm:p-8">
      <div className="flex size-12 items-center justify-center rounded-2xl border border-accent/30 bg-accent/10 text-accent">
        <KeyRound className="size-6" aria-hidden />
      </div>
      <h1 className="mt-5 text-2xl font-semibold tracking-tight">Your account is ready</h1>
      <p className="mt-2 text-sm leading-relaxed text-muted">This is your recovery key. It is shown only once, right now. You will use it to sign in on any device.</p>

      <div className="mt-6">
        <p id="recovery-key-label" className="mb-2 text-xs font-medium tracking-wide text-subtle uppercase">
          Your recovery key
        </p>
        <div className="flex flex-col gap-2 rounded-xl border border-primary/40 bg-linear-to-br from-primary/10 to-transparent p-3 sm:flex-row sm:items-center">
          <code
            aria-labelledby="recovery-key-label"
            data-testid="recovery-key"
            className="min-w-0 flex-1 rounded-lg bg-background/70 px-3 py-2.5 font-mono text-sm break-all text-foreground select-all sm:text-base"
          >
            {recoveryKey}
          </code>
          <Button variant={copied ? 'secondary' : 'primary'} onClick={() => void copy()} className="shrink-0">
            {copied ? <Check className="size-4 text-accent" aria-hidden /> : <Copy className="size-4" aria-hidden />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
        </div>
        <p className="sr-only" aria-live="polite">
          {copied ? 'Recovery key copied to the clipboard' : ''}
        </p>
      </div>

      <div role="note" className="mt-5 flex gap-3 rounded-xl border border-warning/30 bg-warning/10 p-4 text-sm leading-relaxed">
        <AlertTriangle className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden />
        <div>
          <p className="font-medium text-warning">Keep this key safe</p>
          <p className="mt-1 text-foreground/80">
            It is the only way into your account. Forge stores only a hash of it, so we cannot show it again or recover it for you. Save it in a password manager, and never share it: anyone with the
            key can open your projects.
          </p>
        </div>
      </div>

      <Button size="lg" onClick={onContinue} className="mt-6 w-full">
        Continue
        <ArrowRight className="size-4" aria-hidden />
      </Button>
    </div>
  );
}
