import { type Palette } from '../palette.js';
import { tsString } from './ts-literal.js';

/** What a blueprint knows about the app it writes. Every string is single-line and trimmed. */
export interface BlueprintContext {
  /** npm package name, made from the project name. */
  packageName: string;
  title: string;
  tagline: string;
  /** The person's own words, for the README. May span lines. */
  description: string;
  palette: Palette;
  /** Lower-cased words of the description, for blueprints that vary content by topic. */
  words: ReadonlySet<string>;
}

export type ProjectFiles = Record<string, string>;

export type Blueprint = (ctx: BlueprintContext) => ProjectFiles;

/** A string literal for `value`, safe inside generated TypeScript and JSX expressions. */
export function js(value: string): string {
  return tsString(value);
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function hasAnyWord(words: ReadonlySet<string>, candidates: readonly string[]): boolean {
  return candidates.some((word) => words.has(word) || words.has(`${word}s`));
}
