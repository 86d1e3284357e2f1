// Errors a visitor meets in a preview: the script the preview proxy injects into the app's HTML
// pages posts them to the workspace that frames the preview, which offers to have the agent fix them.

/** Marks the messages of the injected reporter among whatever else a page may post. */
export const PREVIEW_ERROR_SOURCE = 'forge-preview';

/** Kept per message; the reporter cuts longer ones. */
export const MAX_REPORTED_MESSAGE_CHARS = 2_000;
export const MAX_REPORTED_STACK_CHARS = 4_000;

/** One uncaught error or unhandled rejection, as the page saw it. */
export interface PreviewErrorReport {
  message: string;
  /** Where it was thrown, relative to the preview's origin (a bundle, or a source file in development). */
  file: string | null;
  line: number | null;
  stack: string | null;
}

/** What the reporter posts to the parent frame. */
export interface PreviewErrorMessage {
  source: typeof PREVIEW_ERROR_SOURCE;
  type: 'runtime-error';
  error: PreviewErrorReport;
}

/** `POST /api/projects/{p}/fix`: an error the owner met in the preview, for an automatic fix. */
export interface FixPreviewErrorRequest {
  error: PreviewErrorReport;
}

/** The posted data when it is a well-formed report, else null: anything may arrive by postMessage. */
export function readPreviewErrorMessage(data: unknown): PreviewErrorReport | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Partial<PreviewErrorMessage>;
  if (message.source !== PREVIEW_ERROR_SOURCE || message.type !== 'runtime-error') return null;
  const error = message.error as Partial<PreviewErrorReport> | undefined;
  if (!error || typeof error.message !== 'string' || !error.message.trim()) return null;
  return {
    message: error.message.slice(0, MAX_REPORTED_MESSAGE_CHARS),
    file: typeof error.file === 'string' ? error.file.slice(0, 500) : null,
    line: typeof error.line === 'number' && Number.isInteger(error.line) && error.line > 0 ? error.line : null,
    stack: typeof error.stack === 'string' ? error.stack.slice(0, MAX_REPORTED_STACK_CHARS) : null,
  };
}
