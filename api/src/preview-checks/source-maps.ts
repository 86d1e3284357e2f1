// Maps a bundle's line and column back to the project file that produced it, from the bundle's
// source map (Source Map v3). Only the lookup the checking browser needs: position -> source line.

export interface SourceMapV3 {
  version: number;
  sources: string[];
  sourceRoot?: string;
  mappings: string;
}

export interface OriginalPosition {
  /** As the map names it, e.g. `../../src/App.tsx`. */
  source: string;
  /** 1-based. */
  line: number;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, i) => [char, i]));

/** Decodes one segment's base64 VLQ numbers. */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char);
    if (digit === undefined) return [];
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/**
 * The original source and line of a generated position (1-based line, 1-based column, as
 * browsers print stacks); null when the map has nothing at or before that column on that line.
 */
export function originalPosition(map: SourceMapV3, line: number, column: number): OriginalPosition | null {
  if (map.version !== 3 || typeof map.mappings !== 'string') return null;
  const lines = map.mappings.split(';');
  if (line < 1 || line > lines.length) return null;
  // Source index and original line are relative across the whole mappings string: walk up to the line.
  let source = 0;
  let originalLine = 0;
  let best: OriginalPosition | null = null;
  for (let i = 0; i < line; i++) {
    let generatedColumn = 0;
    for (const segment of lines[i].split(',')) {
      if (!segment) continue;
      const values = decodeSegment(segment);
      if (values.length === 0) continue;
      generatedColumn += values[0];
      if (values.length < 4) continue;
      source += values[1];
      originalLine += values[2];
      if (i === line - 1 && generatedColumn <= column - 1 && map.sources[source] !== undefined) {
        best = { source: `${map.sourceRoot ?? ''}${map.sources[source]}`, line: originalLine + 1 };
      }
    }
  }
  return best;
}

/**
 * A map's source made relative to the project: `../../src/App.tsx` and `/src/App.tsx` become
 * `src/App.tsx`; dependencies (node_modules) and virtual modules are not project files.
 */
export function projectSource(source: string): string | null {
  if (/node_modules|^\0|^\/?@|^vite\//.test(source)) return null;
  const cleaned = source
    .replace(/^[a-z]+:\/\/[^/]*/i, '')
    .replace(/^(?:\.{1,2}\/)+/, '')
    .replace(/^\/+/, '');
  return cleaned || null;
}
