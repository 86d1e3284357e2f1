// The v2 template's design tokens: the `--name: #rrggbb;` lines of src/index.css's :root block,
// which every component reads (bg-primary, text-muted-foreground, ...). The offline agent writes a
// project's palette into them and changes them for "make the accent colour teal".
export const THEME_FILE = 'src/index.css';

const TOKEN_LINE = /^(\s*--([a-z0-9-]+):\s*)(#[0-9a-fA-F]{3,8})(\s*;.*)$/;
const SCHEME_LINE = /^(\s*color-scheme:\s*)(light|dark)(\s*;.*)$/;

export interface TokenLine {
  /** 0-based line of the token in the file. */
  index: number;
  value: string;
}

/** Each colour token of the file's first `:root { … }` block (or of the whole file when it has none), by name. */
export function themeTokenLines(css: string): Map<string, TokenLine> {
  const lines = css.split('\n');
  const start = lines.findIndex((line) => /^\s*:root\s*\{/.test(line));
  const end = start === -1 ? lines.length : lines.findIndex((line, i) => i > start && /^\s*\}/.test(line));
  const tokens = new Map<string, TokenLine>();
  for (let i = Math.max(start, 0); i < (end === -1 ? lines.length : end); i++) {
    const match = TOKEN_LINE.exec(lines[i]!);
    if (match && !tokens.has(match[2]!)) tokens.set(match[2]!, { index: i, value: match[3]! });
  }
  return tokens;
}

/** The line with the token's value replaced, keeping its indentation and comment. */
export function withTokenValue(line: string, value: string): string {
  return line.replace(TOKEN_LINE, `$1${value}$4`);
}

/** The stylesheet with the given tokens (and the colour scheme) set; tokens it does not define are left out. */
export function withThemeTokens(css: string, values: Readonly<Record<string, string>>, scheme?: 'light' | 'dark'): string {
  const lines = css.split('\n');
  for (const [name, { index }] of themeTokenLines(css)) {
    const value = values[name];
    if (value !== undefined) lines[index] = withTokenValue(lines[index]!, value);
  }
  if (scheme) {
    const index = lines.findIndex((line) => SCHEME_LINE.test(line));
    if (index !== -1) lines[index] = lines[index]!.replace(SCHEME_LINE, `$1${scheme}$3`);
  }
  return lines.join('\n');
}
