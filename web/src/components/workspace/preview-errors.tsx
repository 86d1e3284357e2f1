import { Bug, Wrench, X } from 'lucide-react';
import { useEffect, useState, type RefObject } from 'react';
import { type PreviewErrorReport, readPreviewErrorMessage } from '@forge/protocol/preview-errors';
import { Button } from '@/components/ui/button';

/** Distinct errors kept at most: the latest ones. */
const MAX_SHOWN = 5;

/**
 * The uncaught errors the preview's own page reports (the platform's proxy injects the reporter).
 * Only messages from the framed preview's window and origin count: any other page posting the same
 * shape is ignored.
 */
export function usePreviewErrors(frame: RefObject<HTMLIFrameElement | null>, previewUrl: string) {
  const [errors, setErrors] = useState<PreviewErrorReport[]>([]);
  useEffect(() => {
    let origin: string;
    try {
      origin = new URL(previewUrl).origin;
    } catch {
      return;
    }
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || !frame.current || event.source !== frame.current.contentWindow) return;
      const report = readPreviewErrorMessage(event.data);
      if (!report) return;
      setErrors((shown) => (shown.some((error) => error.message === report.message) ? shown : [...shown, report].slice(-MAX_SHOWN)));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame, previewUrl]);
  return { errors, dismiss: (error: PreviewErrorReport) => setErrors((shown) => shown.filter((e) => e !== error)), clear: () => setErrors([]) };
}

interface PreviewErrorsProps {
  errors: PreviewErrorReport[];
  busy: boolean;
  onFix: (error: PreviewErrorReport) => void;
  onDismiss: (error: PreviewErrorReport) => void;
}

/** Under the preview: each error the page met, with a button that has the agent fix it. */
export function PreviewErrors({ errors, busy, onFix, onDismiss }: PreviewErrorsProps) {
  if (errors.length === 0) return null;
  return (
    <section aria-label="Errors in the preview" className="max-h-48 shrink-0 overflow-y-auto border-t border-destructive/30 bg-destructive/5 px-3 py-2">
      <ul className="flex flex-col gap-2">
        {errors.map((error) => (
          <li key={error.message} className="flex items-start gap-2 text-xs">
            <Bug className="mt-0.5 size-3.5 shrink-0 text-destructive" aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="font-mono break-words text-foreground" data-testid="preview-error-message">
                {error.message}
              </p>
              {error.file && (
                <p className="font-mono text-subtle">
                  {error.file}
                  {error.line ? `:${error.line}` : ''}
                </p>
              )}
            </div>
            <Button size="sm" variant="outline" disabled={busy} onClick={() => onFix(error)}>
              <Wrench className="size-3.5" aria-hidden />
              Fix with the agent
            </Button>
            <button type="button" aria-label="Dismiss this error" onClick={() => onDismiss(error)} className="rounded p-1 text-subtle hover:text-foreground">
              <X className="size-3.5" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
