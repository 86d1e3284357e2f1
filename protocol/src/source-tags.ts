// Select-to-edit: the platform's Vite plugin tags each JSX element of the sandbox's dev server and
// preview build with where it was written; the preview's injected reporter posts the element the owner
// picks to the workspace, which targets an edit at it. The tags never reach the user's files, the ZIP,
// versions or a share's public app.

/**
 * The one attribute the tagging plugin adds, first among the element's attributes, valued
 * `file:line:column` or `file:line:column:Component` (file relative to the project, 1-based line and
 * column, the name of the component whose JSX wrote the element when it has one).
 */
export const SOURCE_TAG_ATTRIBUTE = 'data-forge-loc';

/** Where an element was written in the project's files. */
export interface SourceTarget {
  file: string;
  line: number;
  column: number;
}

/** What the owner picked in the preview. */
export interface SelectedElement {
  target: SourceTarget;
  /** The element's tag name, lower case (`h1`). */
  tagName: string;
  /** The component that wrote it, when known (`Hero`). */
  component: string | null;
  /** The start of its visible text, for the model and the edit box. */
  text: string;
}

const MAX_FILE_CHARS = 500;
const MAX_TEXT_CHARS = 200;
const TAG_VALUE = /^(.+?):(\d+):(\d+)(?::([A-Za-z_$][\w$]*))?$/;

/** The attribute's value read back, or null when it is not one the plugin writes. */
export function parseSourceTag(value: string | null | undefined): { target: SourceTarget; component: string | null } | null {
  const match = TAG_VALUE.exec(value ?? '');
  if (!match) return null;
  const target = sourceTarget({ file: match[1], line: Number(match[2]), column: Number(match[3]) });
  return target ? { target, component: match[4] ?? null } : null;
}

/** The value the plugin writes for an element. */
export function sourceTagValue(target: SourceTarget, component: string | null): string {
  return `${target.file}:${target.line}:${target.column}${component ? `:${component}` : ''}`;
}

/** A target as anyone may send it (a posted message, an edit request), checked: a relative project path and positive positions. */
export function sourceTarget(value: unknown): SourceTarget | null {
  if (typeof value !== 'object' || value === null) return null;
  const { file, line, column } = value as Partial<SourceTarget>;
  if (typeof file !== 'string' || !file || file.length > MAX_FILE_CHARS) return null;
  if (file.startsWith('/') || file.split('/').some((part) => part === '..' || part === '')) return null;
  if (!Number.isInteger(line) || (line as number) < 1 || !Number.isInteger(column) || (column as number) < 1) return null;
  return { file, line: line as number, column: column as number };
}

/** How the edit box names its target: "`<h1>` in src/components/Hero.tsx:12". */
export function describeSelection(selected: Pick<SelectedElement, 'tagName' | 'target'>): string {
  return `<${selected.tagName}> in ${selected.target.file}:${selected.target.line}`;
}

export { MAX_TEXT_CHARS as MAX_SELECTED_TEXT_CHARS };
