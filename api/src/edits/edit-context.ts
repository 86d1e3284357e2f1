// Which files an edit shows the model: all of a small project; of a larger one, the files that
// matter to the request within a token budget. Never the project's secrets.
import { posix } from 'node:path';
import { relativeImports } from '../code-changes/relative-imports.js';

export interface EditContextInput {
  request: string;
  tree: string[];
  /** A file's text; null for a binary or unreadable one. */
  read(path: string): Promise<string | null>;
  budgetTokens: number;
  /** A file shown first: the one holding the element the edit is aimed at. */
  first?: string;
}

export interface EditContext {
  /** Path to content, in the order the model sees them. */
  shown: Record<string, string>;
  /** Text files left out to stay within the budget. */
  omitted: string[];
  /** Whether every text file is shown. */
  whole: boolean;
}

/** The files a project's app starts from. */
export const ENTRY_FILES = ['package.json', 'index.html', 'src/main.tsx', 'src/App.tsx', 'server/index.ts'];
/** What a data change touches together. */
export const SCHEMA_FILES = ['shared/schema.ts', 'db/meta.json', 'db/seed.ts'];
const DATA_WORDS = /\b(?:data(?:base)?|tables?|columns?|fields?|schema|stor(?:e|ed|age)|sav(?:e|ed|ing)|persist\w*|records?|seed|api|sign ?up|log ?in|accounts?|users?|comments?|orders?)\b/i;
const STYLE_WORDS = /\b(?:colou?rs?|recolou?r|theme|dark|light|font|style|css|background|palette|spacing|padding|margin|blue|red|green|yellow|orange|purple|pink|teal|brown|black|white|gr[ae]y)\b/i;
const QUOTED = /"([^"\n]{3,200})"|“([^”\n]{3,200})”|'([^'\n]{3,200})'|`([^`\n]{3,200})`/g;
/** Characters per token, roughly, for code and English. */
const CHARS_PER_TOKEN = 4;
/** Larger files are generated or data, never worth their tokens. */
const MAX_FILE_CHARS = 200_000;

/** `.env` and its local variants hold secrets; `.env.example` documents them and is fine to show. */
export function isSecretFile(path: string): boolean {
  const name = posix.basename(path);
  return name === '.env' || (name.startsWith('.env.') && name !== '.env.example');
}

export async function selectEditContext(input: EditContextInput): Promise<EditContext> {
  const budget = input.budgetTokens * CHARS_PER_TOKEN;
  const texts = new Map<string, string>();
  let total = 0;
  for (const path of input.tree) {
    if (isSecretFile(path)) continue;
    const text = await input.read(path);
    if (text === null || text.length > MAX_FILE_CHARS) continue;
    texts.set(path, text);
    total += text.length;
  }
  if (total <= budget) return { shown: Object.fromEntries(firstOf(input.first, [...texts])), omitted: [], whole: true };

  const inTree = new Set(texts.keys());
  const named = namedFiles(input.request, [...inTree]);
  const quoted = quotedTexts(input.request);
  const holding = [...texts].filter(([, text]) => quoted.some((q) => text.includes(q))).map(([path]) => path);
  const focus = unique([...(input.first && texts.has(input.first) ? [input.first] : []), ...named, ...holding]);
  const related: string[] = [];
  for (const path of focus) related.push(...relativeImports(path, texts.get(path)!, inTree));
  for (const [path, text] of texts) {
    if (relativeImports(path, text, inTree).some((target) => focus.includes(target))) related.push(path);
  }
  const wanted = [
    ...focus,
    ...ENTRY_FILES,
    ...(DATA_WORDS.test(input.request) ? SCHEMA_FILES : []),
    ...(STYLE_WORDS.test(input.request) ? [...inTree].filter((path) => path.endsWith('.css')) : []),
    ...related,
  ];

  const shown: Record<string, string> = {};
  let used = 0;
  for (const path of unique(wanted)) {
    const text = texts.get(path);
    if (text === undefined || used + text.length > budget) continue;
    shown[path] = text;
    used += text.length;
  }
  return { shown, omitted: [...inTree].filter((path) => !(path in shown)), whole: false };
}

/** Files the request names: by path, by file name, or by name without extension as a word ("the navbar"). */
export function namedFiles(request: string, paths: string[]): string[] {
  const lower = request.toLowerCase();
  const squashed = lower.replace(/[\s_-]+/g, '');
  const words = new Set(lower.split(/[^a-z0-9]+/).filter(Boolean));
  return paths.filter((path) => {
    const name = posix.basename(path).toLowerCase();
    const stem = name.replace(/\.[^.]+$/, '');
    if (lower.includes(path.toLowerCase()) || (name.includes('.') && lower.includes(name))) return true;
    if (stem.length < 4 || ['index', 'main', 'types', 'utils', 'styles'].includes(stem)) return false;
    return words.has(stem) || squashed.includes(stem.replace(/[_-]+/g, ''));
  });
}

/** Text the request quotes, which the files that hold it are about. */
export function quotedTexts(request: string): string[] {
  return [...request.matchAll(QUOTED)].map((match) => (match[1] ?? match[2] ?? match[3] ?? match[4])!.trim()).filter((text) => text.length >= 3);
}

/** The entries with `path`'s first. */
function firstOf(path: string | undefined, entries: Array<[string, string]>): Array<[string, string]> {
  const index = entries.findIndex(([entry]) => entry === path);
  return index <= 0 ? entries : [entries[index]!, ...entries.slice(0, index), ...entries.slice(index + 1)];
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}
