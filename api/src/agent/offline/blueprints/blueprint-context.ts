import { type Palette, type PaletteSeed } from '../palette.js';
import { type BlueprintId } from '../describe.js';
import { type TsValue } from './ts-literal.js';

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

export interface BlueprintDefaults {
  title: string;
  tagline: string;
  palette: PaletteSeed;
  /** "a task manager": how the commentary and README name what is being built. */
  kind: string;
}

export interface ApiEndpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  summary: string;
}

/** What one description makes of a blueprint's sources (api/blueprints/README.md). */
export interface BlueprintFill {
  /** README bullet points: what the app does. */
  features: string[];
  /** Variant modules (variants/<name>.ts) whose exports replace slot values, later ones winning. */
  variants?: string[];
  /** Slot values worked out here, over the variants'. */
  slots?: Record<string, TsValue>;
  /** Every name the blueprint's `@if` lines use, on or off. */
  flags?: Record<string, boolean>;
  /** Files of the blueprint left out of this project. */
  omit?: string[];
}

export interface BlueprintEntry {
  id: BlueprintId;
  /** Keeps its data in PostgreSQL (Drizzle schema, seed, Express API). */
  isDataApp: boolean;
  /** One line for the commentary: what the app contains. */
  summary: string;
  defaults(words: ReadonlySet<string>): BlueprintDefaults;
  /** The files of api/blueprints/<id>/, in the order the agent writes them. */
  files: readonly string[];
  /** Data apps: the README's table of API endpoints. */
  endpoints?: ApiEndpoint[];
  fill(ctx: BlueprintContext): BlueprintFill;
}

export function hasAnyWord(words: ReadonlySet<string>, candidates: readonly string[]): boolean {
  return candidates.some((word) => words.has(word) || words.has(`${word}s`));
}
