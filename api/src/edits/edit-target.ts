// The element an edit is aimed at, picked in the preview: where its source tag says it was written,
// read back from that file so the model (and the offline agent) know which element it is.
import { ErrorCode } from '@forge/protocol/errors';
import type { SourceTarget } from '@forge/protocol/source-tags';
import { DomainError } from '../common/errors/domain-error.js';

/** Lines of the element's source shown to the model at most. */
const MAX_EXCERPT_LINES = 8;
const OPENING_TAG = /<([A-Za-z][\w.:-]*)/g;

export interface TargetedElement {
  target: SourceTarget;
  /** The tag written there (`h1`, `Button`), when the position holds one. */
  tagName: string | null;
  /** The element's source from its opening tag, a few lines at most. */
  excerpt: string;
}

/** The project has no such text file or line: the request is refused before a run starts. */
export function targetNotInProject(target: SourceTarget, why: string): DomainError {
  return new DomainError(ErrorCode.Validation, `The selected element (${target.file}:${target.line}) ${why}. Reload the preview and select it again.`);
}

/** The element the tag at `target` points at in `content` (the file's text). */
export function targetedElement(content: string, target: SourceTarget): TargetedElement | null {
  const lines = content.split('\n');
  const line = lines[target.line - 1];
  if (line === undefined) return null;
  const opening = openingTagAt(line, target.column - 1);
  const from = opening ? opening.index : 0;
  const excerpt: string[] = [line.slice(from)];
  const closing = opening ? new RegExp(`</${opening.tagName.replace(/[.$]/g, '\\$&')}\\s*>|/>`) : null;
  for (let index = target.line; index < lines.length && excerpt.length < MAX_EXCERPT_LINES && !(closing?.test(excerpt.join('\n')) ?? true); index++) excerpt.push(lines[index]!);
  return { target, tagName: opening?.tagName ?? null, excerpt: excerpt.join('\n').trimEnd() };
}

/** The opening tag starting at `column` (0-based) or whose name does, else the first one after it, else the line's first. */
function openingTagAt(line: string, column: number): { index: number; tagName: string } | null {
  const tags = [...line.matchAll(OPENING_TAG)].map((match) => ({ index: match.index, tagName: match[1]! }));
  return tags.find((tag) => tag.index === column || tag.index === column - 1) ?? tags.find((tag) => tag.index > column) ?? tags[0] ?? null;
}
