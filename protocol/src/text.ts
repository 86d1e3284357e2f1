// Text helpers both sides need for terminal output.

// Colour and cursor sequences (ESC [ ... letter), window titles and links (ESC ] ... BEL or ESC \),
// and two-byte escapes, which build tools print even without a terminal.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

/** The text as a person reads it, without terminal escape sequences. */
export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}
