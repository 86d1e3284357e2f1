// The script the preview proxy puts into every HTML page of a preview: it reports the page's
// uncaught errors and unhandled rejections to the workspace framing it, and to nobody else.
import { MAX_REPORTED_MESSAGE_CHARS, MAX_REPORTED_STACK_CHARS, PREVIEW_ERROR_SOURCE } from '@forge/protocol/preview-errors';

/** Reports per page at most: an error thrown in a loop must not flood the workspace. */
const MAX_REPORTS = 20;

/**
 * Posted only to `workspaceOrigin` (postMessage's target origin): a page opened directly, or framed
 * by any other site, reports nothing to anyone. The workspace checks the sender's origin in turn.
 */
export function errorReporterScript(workspaceOrigin: string): string {
  return `<script data-forge-preview-reporter>(function () {
  if (window.parent === window) return;
  var target = ${JSON.stringify(workspaceOrigin)};
  var sent = 0;
  function text(value, max) { return value == null ? null : String(value).slice(0, max); }
  function send(message, file, line, stack) {
    if (sent >= ${MAX_REPORTS}) return;
    sent++;
    var where = file ? String(file).replace(location.origin, '') : null;
    try {
      window.parent.postMessage({ source: ${JSON.stringify(PREVIEW_ERROR_SOURCE)}, type: 'runtime-error', error: { message: text(message, ${MAX_REPORTED_MESSAGE_CHARS}), file: where, line: line || null, stack: text(stack, ${MAX_REPORTED_STACK_CHARS}) } }, target);
    } catch (e) {}
  }
  function describe(error) {
    if (error && typeof error === 'object' && 'message' in error) return (error.name && String(error.message).indexOf(error.name) !== 0 ? error.name + ': ' : '') + error.message;
    return String(error);
  }
  window.addEventListener('error', function (event) {
    // A resource that failed to load (an image, a script tag) is not an uncaught error.
    if (event.target && event.target !== window) return;
    send(event.error ? describe(event.error) : event.message, event.filename, event.lineno, event.error && event.error.stack);
  }, true);
  window.addEventListener('unhandledrejection', function (event) {
    send('Unhandled promise rejection: ' + describe(event.reason), null, null, event.reason && event.reason.stack);
  });
})();</script>`;
}
