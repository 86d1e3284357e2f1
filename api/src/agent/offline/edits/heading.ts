// The page's main heading: the <h1> of the home page (not of an editor, a form or a not-found
// page), and where its text is written, following a constant or a prop to its string.
import { CannotEdit, type ProjectText } from './project-text.js';

const H1 = /<h1\b[^>]*>(.*?)<\/h1>/;
/** Pages whose heading is not the page's: editors, forms, dialogs, errors. */
const SECONDARY = /(?:editor|form|dialog|modal|sheet|not-?found|404|error|write|new|create|edit|settings|login|sign-?up|checkout|cart|post-?view|detail)/i;
const IDENTIFIER = '[A-Za-z_$][\\w$]*';

/** Where the main heading is looked for, most likely first. */
function rank(path: string): number {
  const name = path.split('/').pop()!;
  if (/^src\/pages\/(?:home|index|landing|feed)/i.test(path)) return 0;
  if (/^(?:hero|header|masthead|intro)/i.test(name)) return 1;
  if (path === 'src/App.tsx' || path === 'src/App.jsx') return 2;
  if (SECONDARY.test(name)) return 5;
  return path.startsWith('src/pages/') ? 3 : 4;
}

export interface HeadingChange {
  path: string;
}

export async function changeHeading(files: ProjectText, text: string): Promise<HeadingChange> {
  const sources = files.paths.filter((path) => /^src\/.*\.[jt]sx$/.test(path)).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const computed: string[] = [];
  for (const path of sources.filter((p) => rank(p) < 5)) {
    const content = await files.read(path);
    if (content === null) continue;
    const lines = content.split('\n');
    const index = lines.findIndex((line) => H1.test(line));
    if (index === -1) continue;
    const inner = H1.exec(lines[index]!)![1]!;
    if (!inner.includes('{')) {
      (await files.edit(path)).setLine(index, lines[index]!.replace(`>${inner}</h1>`, `>${jsxText(text)}</h1>`));
      return { path };
    }
    const found = await resolveText(files, path, expressionOf(inner.trim()), 0);
    if (found) {
      (await files.edit(found.path)).setLine(found.index, found.line.replace(found.literal, jsString(text, found.literal[0]!)));
      return { path: found.path };
    }
    computed.push(`${path} (${inner.trim()})`);
  }
  if (computed.length > 0) throw new CannotEdit(`the main heading is made by code (${computed[0]}), not written as text in one place`);
  throw new CannotEdit('the project has no main heading (<h1>) on its home page');
}

/** The expression a heading shows: `{x}` gives x; `{tag ? a : b}` gives b, the heading when nothing is chosen. */
function expressionOf(inner: string): string | null {
  const body = /^\{\s*([\s\S]*?)\s*\}$/.exec(inner)?.[1];
  if (!body) return null;
  const ternary = /^[^?]+\?\s*(.+?)\s*:\s*(.+)$/.exec(body);
  return ternary ? ternary[2]! : body;
}

interface FoundString {
  path: string;
  index: number;
  line: string;
  literal: string;
}

/** The string literal an expression stands for, through constants, imported objects and props (two steps at most). */
async function resolveText(files: ProjectText, path: string, expression: string | null, depth: number): Promise<FoundString | null> {
  if (!expression || depth > 2) return null;
  const member = new RegExp(`^(?:(${IDENTIFIER})\\.)?(${IDENTIFIER})$`).exec(expression);
  if (!member) return null;
  const [, object, name] = member as unknown as [string, string | undefined, string];
  const content = (await files.read(path)) ?? '';
  if (object) {
    // Data shown by the page (post.title) is not the page's heading: only a constant object the file imports or declares.
    const declared = new RegExp(`^(?:export\\s+)?const\\s+${object}\\b`, 'm').test(content);
    const imported = new RegExp(`^import\\s+(?:type\\s+)?\\{[^}]*\\b${object}\\b[^}]*\\}\\s+from\\s+'([^']+)'`, 'm').exec(content);
    if (!declared && !imported) return null;
    const where = imported ? resolveImport(files.paths, path, imported[1]!) : path;
    return where ? findStringValue(files, name, [where]) : null;
  }
  const own = await findStringValue(files, name, [path]);
  if (own) return own;
  // A prop: the value some other file passes as name={...}.
  if (new RegExp(`\\{[^}]*\\b${name}\\b[^}]*\\}\\s*:|props\\.${name}\\b`).test(content)) {
    for (const other of files.paths.filter((p) => p !== path && /\.[jt]sx$/.test(p))) {
      const source = (await files.read(other)) ?? '';
      const passed = new RegExp(`\\b${name}=\\{\\s*([^}]+?)\\s*\\}`).exec(source);
      if (passed) return resolveText(files, other, passed[1]!, depth + 1);
      const literal = new RegExp(`\\b${name}=("[^"\\n]*")`).exec(source);
      if (literal) {
        const lines = source.split('\n');
        const index = lines.findIndex((line) => line.includes(literal[0]));
        return { path: other, index, line: lines[index]!, literal: literal[1]! };
      }
    }
  }
  const imported = new RegExp(`^import\\s+\\{[^}]*\\b${name}\\b[^}]*\\}\\s+from\\s+'([^']+)'`, 'm').exec(content);
  const where = imported && resolveImport(files.paths, path, imported[1]!);
  return where ? findStringValue(files, name, [where]) : null;
}

/** The first `name: '…'` or `name = '…'` string of the given files. */
async function findStringValue(files: ProjectText, name: string, order: string[]): Promise<FoundString | null> {
  const pattern = new RegExp(`\\b${name}\\s*[:=]\\s*('(?:[^'\\\\\\n]|\\\\.)*'|"(?:[^"\\\\\\n]|\\\\.)*")`);
  for (const path of order) {
    const content = await files.read(path);
    if (content === null) continue;
    const lines = content.split('\n');
    const index = lines.findIndex((line) => pattern.test(line));
    if (index !== -1) return { path, index, line: lines[index]!, literal: pattern.exec(lines[index]!)![1]! };
  }
  return null;
}

/** The project file an import specifier names (`@/` is src/), if it has one. */
function resolveImport(paths: string[], from: string, specifier: string): string | null {
  const dir = from.split('/').slice(0, -1);
  let base: string;
  if (specifier.startsWith('@/')) base = `src/${specifier.slice(2)}`;
  else if (specifier.startsWith('.')) {
    const parts = [...dir];
    for (const part of specifier.split('/')) {
      if (part === '..') parts.pop();
      else if (part !== '.') parts.push(part);
    }
    base = parts.join('/');
  } else return null;
  return ['', '.ts', '.tsx', '.js', '.jsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((path) => paths.includes(path)) ?? null;
}

/** Text as JSX children: braces and angle brackets go in a string expression. */
export function jsxText(text: string): string {
  return /[{}<>]/.test(text) ? `{${jsString(text, "'")}}` : text;
}

export function jsString(text: string, quote: string): string {
  const q = quote === '"' ? '"' : "'";
  return `${q}${text.replace(/\\/g, '\\\\').replaceAll(q, `\\${q}`)}${q}`;
}
