import { posix } from 'node:path';

/** Relative specifiers of JS/TS imports (static, dynamic, re-exports) and CSS `@import`s. */
const IMPORT_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|@import\s+(?:url\()?)['"](\.{1,2}\/[^'"\n]+)['"]/g;
const IMPORT_EXTENSIONS = ['', '.ts', '.tsx', '.js', '.jsx', '.css', '.json', '/index.ts', '/index.tsx'];

/** The project files a source file imports with relative specifiers, resolved the way bundlers do. */
export function relativeImports(path: string, content: string, tree: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const match of content.matchAll(IMPORT_SPECIFIER)) {
    const target = posix.normalize(posix.join(posix.dirname(path), match[1]!));
    if (target.startsWith('..')) continue;
    // TypeScript lets `./db.js` name `./db.ts`.
    const bases = /\.jsx?$/.test(target) ? [target, target.replace(/\.js(x?)$/, '.ts$1')] : [target];
    const resolved = bases.flatMap((base) => IMPORT_EXTENSIONS.map((ext) => base + ext)).find((candidate) => tree.has(candidate));
    if (resolved && !found.includes(resolved)) found.push(resolved);
  }
  return found;
}
