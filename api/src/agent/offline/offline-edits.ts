// The few edits the offline agent makes without a model: a new title or main heading, a new primary
// or accent colour, a text replaced by another. It answers as a model would, with EDIT blocks, so
// its answer goes through the same checks and the same apply; anything else needs a model.
import { EDIT_END_MARKER, REPLACE_MARKER, SEARCH_MARKER, editStartMarker } from '@forge/protocol/file-stream';
import type { ProjectReader } from '../llm-provider.js';
import { ensureContrast, extractColorHints, mix, relativeLuminance } from './palette.js';

export type OfflineEditPlan =
  { kind: 'title'; text: string } | { kind: 'heading'; text: string } | { kind: 'recolour'; target: 'primary' | 'accent'; hex: string } | { kind: 'replace'; from: string; to: string };

/** Why the offline agent cannot make an edit, in words for the person who asked. */
export class OfflineEditError extends Error {}

export const OFFLINE_EDIT_NEEDS_MODEL =
  'Without a language model, Forge can change the title or the main heading ("change the heading to …"), the colours ' +
  '("make it teal"), or replace a text ("replace "old" with "new""). Other changes need a configured model: set ' +
  'ANTHROPIC_API_KEY, or LLM_PROVIDER=openai with OPENAI_BASE_URL (Ollama, vLLM, LM Studio), and restart Forge.';

const QUOTE = `["“”'‘’]`;
const REPLACE = new RegExp(`\\b(?:replace|change)\\s+(?:the\\s+(?:text|words?|phrase)\\s+)?${QUOTE}(.+?)${QUOTE}\\s+(?:with|to|by|into)\\s+${QUOTE}(.+?)${QUOTE}`, 'i');
const HEADING =
  /\b(?:change|set|make|update|rename|replace)\s+(?:the\s+)?(?:main\s+|page\s+|hero\s+|top\s+|first\s+|big\s+)?(?:heading|headline|h1)(?:\s+text)?\s+(?:to|into|as|with|so\s+(?:that\s+)?it\s+(?:says|reads))\s*[:]?\s*(.+)$/i;
const TITLE =
  /\b(?:change|set|make|update|rename|replace)\s+(?:the\s+)?(?:(?:page|site|app|website|document|browser|tab)\s+)?(?:title|name)(?:\s+of\s+the\s+(?:page|site|app|website))?\s+(?:to|into|as|with)\s*[:]?\s*(.+)$|\brename\s+(?:the\s+)?(?:app|site|website|project|page)\s+(?:to\s+)?(.+)$/i;
const RECOLOUR = /\b(?:recolou?r|colou?rs?|theme|primary|accent|make|turn|paint|change|switch)\b/i;

/** What the request asks, when it is one of the edits the offline agent knows. */
export function understandEditRequest(request: string): OfflineEditPlan | null {
  const text = request.trim();
  const replace = REPLACE.exec(text);
  if (replace) return { kind: 'replace', from: replace[1]!, to: replace[2]! };
  const heading = HEADING.exec(text);
  if (heading) return { kind: 'heading', text: cleanText(heading[1]!) };
  const title = TITLE.exec(text);
  if (title) return { kind: 'title', text: cleanText((title[1] ?? title[2])!) };
  if (RECOLOUR.test(text)) {
    const hints = extractColorHints(text);
    const accentOnly = /\baccent\b/i.test(text);
    const hex = accentOnly ? (hints.accent ?? hints.primary) : (hints.primary ?? hints.accent);
    if (hex) return { kind: 'recolour', target: accentOnly ? 'accent' : 'primary', hex };
  }
  return null;
}

/** The offline agent's answer to an edit request: commentary and EDIT blocks. Throws OfflineEditError. */
export async function offlineEditAnswer(request: string, project: ProjectReader | undefined): Promise<string> {
  const plan = understandEditRequest(request);
  if (!plan || !project) throw new OfflineEditError(OFFLINE_EDIT_NEEDS_MODEL);
  const files = new ProjectText(project);
  switch (plan.kind) {
    case 'replace':
      return replaceText(files, plan.from, plan.to);
    case 'heading':
      return changeHeading(files, plan.text);
    case 'title':
      return changeTitle(files, plan.text);
    case 'recolour':
      return recolour(files, plan.target, plan.hex);
  }
}

/** A request's new text without its quotes or closing full stop. */
function cleanText(raw: string): string {
  const text = raw
    .trim()
    .replace(/[.!]+$/, '')
    .trim();
  const quoted = /^["“'‘](.*)["”'’]$/.exec(text);
  return (quoted ? quoted[1]! : text).trim();
}

/** The project's text files, read once each. */
class ProjectText {
  private readonly cache = new Map<string, string | null>();

  constructor(private readonly project: ProjectReader) {}

  get paths(): string[] {
    return this.project.paths.filter((path) => !/(^|\/)\.env(\.|$)/.test(path) && !path.endsWith('package-lock.json'));
  }

  async read(path: string): Promise<string | null> {
    if (!this.cache.has(path)) this.cache.set(path, this.project.paths.includes(path) ? await this.project.read(path) : null);
    return this.cache.get(path)!;
  }
}

/** Line changes of one file, made into SEARCH/REPLACE pairs that each match once where they apply. */
class FileEdit {
  private readonly lines: string[];
  /** The last real line: a final newline leaves an empty string after it that no quote may take. */
  private readonly last: number;
  private readonly pairs: Array<[string, string]> = [];

  constructor(
    readonly path: string,
    content: string,
  ) {
    this.lines = content.split('\n');
    this.last = content.endsWith('\n') ? this.lines.length - 2 : this.lines.length - 1;
  }

  get changed(): boolean {
    return this.pairs.length > 0;
  }

  /** Replaces line `index` (0-based) with `text`, quoting lines around it until the quote is unique. */
  setLine(index: number, text: string): void {
    if (this.lines[index] === text) return;
    const current = this.lines.join('\n');
    let [from, to] = [index, index];
    while (occurrences(current, this.block(from, to)) > 1 && (from > 0 || to < this.last)) {
      if (from > 0) from--;
      if (to < this.last) to++;
    }
    const search = this.block(from, to);
    this.lines[index] = text;
    this.pairs.push([search, this.block(from, to)]);
  }

  render(): string {
    const body = this.pairs.flatMap(([search, replace]) => [SEARCH_MARKER, search, REPLACE_MARKER, replace]);
    return [editStartMarker(this.path), ...body, EDIT_END_MARKER].join('\n');
  }

  private block(from: number, to: number): string {
    return this.lines.slice(from, to + 1).join('\n');
  }
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

function answer(commentary: string, edits: FileEdit[]): string {
  return `${commentary}\n\n${edits
    .filter((edit) => edit.changed)
    .map((edit) => edit.render())
    .join('\n')}\n`;
}

async function replaceText(files: ProjectText, from: string, to: string): Promise<string> {
  const edits: FileEdit[] = [];
  for (const path of files.paths) {
    const content = await files.read(path);
    if (content === null || !content.includes(from)) continue;
    const edit = new FileEdit(path, content);
    content.split('\n').forEach((line, index) => {
      if (line.includes(from)) edit.setLine(index, line.split(from).join(to));
    });
    edits.push(edit);
  }
  if (edits.length === 0) throw new OfflineEditError(`"${from}" does not occur in the project's files, so there is nothing to replace.`);
  return answer(`Replacing "${from}" with "${to}" in ${edits.map((edit) => edit.path).join(', ')}.`, edits);
}

const H1 = /<h1\b[^>]*>(.*?)<\/h1>/;
/** Where a page's main heading is looked for first. */
const HEADING_ORDER = ['src/App.tsx', 'src/components/Hero.tsx'];

async function changeHeading(files: ProjectText, text: string): Promise<string> {
  const sources = [...HEADING_ORDER, ...files.paths.filter((path) => /\.[jt]sx$/.test(path) && !HEADING_ORDER.includes(path))];
  for (const path of sources) {
    const content = await files.read(path);
    if (content === null) continue;
    const lines = content.split('\n');
    const index = lines.findIndex((line) => H1.test(line));
    if (index === -1) continue;
    const inner = H1.exec(lines[index]!)![1]!;
    if (!inner.includes('{')) {
      const edit = new FileEdit(path, content);
      edit.setLine(index, lines[index]!.replace(`>${inner}</h1>`, `>${jsxText(text)}</h1>`));
      return answer(`Changing the main heading to "${text}" in ${path}.`, [edit]);
    }
    const name = /^\{\s*(?:[A-Za-z_$][\w$]*\.)*([A-Za-z_$][\w$]*)\s*\}$/.exec(inner.trim())?.[1];
    if (!name) throw new OfflineEditError(`The main heading in ${path} is computed (${inner.trim()}); changing it needs a configured model.`);
    const found = await findStringValue(files, name, [path, ...files.paths]);
    if (!found) throw new OfflineEditError(`The main heading in ${path} shows ${inner.trim()}, whose text is not written in one place; changing it needs a configured model.`);
    const edit = new FileEdit(found.path, found.content);
    edit.setLine(found.index, found.line.replace(found.literal, jsString(text, found.literal[0]!)));
    return answer(`Changing the main heading to "${text}" in ${found.path}.`, [edit]);
  }
  throw new OfflineEditError('The project has no <h1> heading to change.');
}

/** The first `name: '…'` or `name = '…'` string of the project, preferring the files listed first. */
async function findStringValue(files: ProjectText, name: string, order: string[]) {
  const pattern = new RegExp(`\\b${name}\\s*[:=]\\s*('(?:[^'\\\\\\n]|\\\\.)*'|"(?:[^"\\\\\\n]|\\\\.)*")`);
  for (const path of [...new Set(order)]) {
    if (!/\.[jt]sx?$/.test(path)) continue;
    const content = await files.read(path);
    if (content === null) continue;
    const lines = content.split('\n');
    const index = lines.findIndex((line) => pattern.test(line));
    if (index !== -1) return { path, content, index, line: lines[index]!, literal: pattern.exec(lines[index]!)![1]! };
  }
  return null;
}

async function changeTitle(files: ProjectText, text: string): Promise<string> {
  const html = await files.read('index.html');
  const match = html === null ? null : /<title>(.*?)<\/title>/.exec(html);
  if (html === null || !match) throw new OfflineEditError('The project has no index.html with a <title> to change.');
  const old = match[1]!;
  const edits = [new FileEdit('index.html', html)];
  const titleLine = html.split('\n').findIndex((line) => line.includes(match[0]));
  edits[0]!.setLine(titleLine, html.split('\n')[titleLine]!.replace(match[0], `<title>${escapeHtml(text)}</title>`));
  // The same name written as a string or as text elsewhere (the brand in the header) changes with it.
  if (old.trim().length >= 2) {
    for (const path of files.paths.filter((p) => /^src\/.*\.[jt]sx?$/.test(p))) {
      const content = await files.read(path);
      if (content === null) continue;
      const edit = new FileEdit(path, content);
      content.split('\n').forEach((line, index) => {
        const next = line
          .replaceAll(`'${old}'`, jsString(text, "'"))
          .replaceAll(`"${old}"`, jsString(text, '"'))
          .replaceAll(`>${old}<`, `>${jsxText(text)}<`);
        if (next !== line) edit.setLine(index, next);
      });
      edits.push(edit);
    }
  }
  const where = edits.filter((edit) => edit.changed).map((edit) => edit.path);
  return answer(`Changing the title from "${old}" to "${text}" in ${where.join(', ')}.`, edits);
}

const VARIABLE = /^(\s*--color-([a-z-]+):\s*)(#[0-9a-fA-F]{3,8})(\s*;.*)$/;

async function recolour(files: ProjectText, target: 'primary' | 'accent', hex: string): Promise<string> {
  for (const path of ['src/styles.css', ...files.paths.filter((p) => p.endsWith('.css') && p !== 'src/styles.css')]) {
    const content = await files.read(path);
    if (content === null) continue;
    const lines = content.split('\n');
    const values = new Map<string, { index: number; value: string }>();
    lines.forEach((line, index) => {
      const match = VARIABLE.exec(line);
      if (match && !values.has(match[2]!)) values.set(match[2]!, { index, value: match[3]! });
    });
    if (!values.has(target)) continue;
    const edit = new FileEdit(path, content);
    const set = (name: string, value: string) => {
      const found = values.get(name);
      if (found) edit.setLine(found.index, lines[found.index]!.replace(VARIABLE, `$1${value}$4`));
    };
    set(target, hex);
    const edits = [edit];
    if (target === 'primary') {
      // The shades made from the primary colour follow it, as a new project's would.
      const background = values.get('bg')?.value ?? '#ffffff';
      const light = relativeLuminance(background) > 0.4;
      set('on-primary', relativeLuminance(hex) > 0.35 ? '#111827' : '#ffffff');
      set('primary-text', ensureContrast(hex, light ? background : (values.get('surface')?.value ?? background), 4.5));
      set('primary-soft', mix(light ? background : (values.get('surface')?.value ?? background), hex, light ? 0.1 : 0.18));
      const html = await files.read('index.html');
      const meta = html?.split('\n').findIndex((line) => /<meta name="theme-color" content="#[0-9a-fA-F]{3,8}"/.test(line)) ?? -1;
      if (html && meta !== -1) {
        const htmlEdit = new FileEdit('index.html', html);
        htmlEdit.setLine(meta, html.split('\n')[meta]!.replace(/content="#[0-9a-fA-F]{3,8}"/, `content="${hex}"`));
        edits.push(htmlEdit);
      }
    }
    return answer(`Changing the ${target} colour to ${hex} in ${edits.map((e) => e.path).join(', ')}.`, edits);
  }
  throw new OfflineEditError(`The project's stylesheets define no --color-${target} variable to change.`);
}

/** Text as JSX children: braces and angle brackets go in a string expression. */
function jsxText(text: string): string {
  return /[{}<>]/.test(text) ? `{${jsString(text, "'")}}` : text;
}

function jsString(text: string, quote: string): string {
  const q = quote === '"' ? '"' : "'";
  return `${q}${text.replace(/\\/g, '\\\\').replaceAll(q, `\\${q}`)}${q}`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
