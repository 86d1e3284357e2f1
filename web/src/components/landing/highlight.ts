import Prism from 'prismjs';
// Grammar order matters: each extends the ones before it.
import 'prismjs/components/prism-typescript';
import 'prismjs/components/prism-jsx';
import 'prismjs/components/prism-tsx';
import 'prismjs/components/prism-json';
import 'prismjs/components/prism-markdown';
import 'prismjs/components/prism-bash';
import 'prismjs/components/prism-sql';
import 'prismjs/components/prism-yaml';

const LANGUAGE_BY_EXTENSION: Record<string, string> = {
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'tsx',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'jsx',
  json: 'json',
  css: 'css',
  html: 'markup',
  svg: 'markup',
  xml: 'markup',
  md: 'markdown',
  sh: 'bash',
  sql: 'sql',
  yml: 'yaml',
  yaml: 'yaml',
};

/** Above this size highlighting costs more than it helps. */
const MAX_HIGHLIGHT_CHARS = 200_000;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function languageForPath(path: string): string | null {
  const extension = path.split('.').pop()?.toLowerCase() ?? '';
  return LANGUAGE_BY_EXTENSION[extension] ?? null;
}

/** Safe HTML for a file's content: Prism escapes what it tokenizes, and unknown languages are escaped here. */
export function highlightToHtml(content: string, path: string): string {
  const language = languageForPath(path);
  const grammar = language ? Prism.languages[language] : undefined;
  if (!grammar || content.length > MAX_HIGHLIGHT_CHARS) return escapeHtml(content);
  return Prism.highlight(content, grammar, language!);
}
