export type DiffSegmentKind = 'text' | 'removed' | 'added';

export interface DiffSegment {
  kind: DiffSegmentKind;
  text: string;
}

/** `[-removed-]` and `{+added+}`, the word-diff notation of `git diff --word-diff=plain`. */
const MARKER = /\[-([\s\S]*?)-\]|\{\+([\s\S]*?)\+\}/g;

/**
 * Splits a log message into plain text and inline diff markers. Unclosed markers stay plain text, and
 * adjacent text is merged so the renderer never emits empty spans.
 */
export function parseDiffMarkers(message: string): DiffSegment[] {
  const segments: DiffSegment[] = [];
  const push = (kind: DiffSegmentKind, text: string) => {
    if (text === '') return;
    const last = segments[segments.length - 1];
    if (last && last.kind === kind && kind === 'text') last.text += text;
    else segments.push({ kind, text });
  };

  let cursor = 0;
  for (const match of message.matchAll(MARKER)) {
    push('text', message.slice(cursor, match.index));
    if (match[1] !== undefined) push('removed', match[1]);
    else push('added', match[2] ?? '');
    cursor = match.index + match[0].length;
  }
  push('text', message.slice(cursor));
  return segments;
}

export function hasDiffMarkers(message: string): boolean {
  return parseDiffMarkers(message).some((segment) => segment.kind !== 'text');
}
