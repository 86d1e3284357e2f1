import { describe, expect, it } from '@jest/globals';
// The terminal view's own parser: what these lines must read back as.
import { parseDiffMarkers } from '../../../web/src/components/workspace/diff-markers.js';
import { addedMarker, removedMarker, wordDiffLines } from './word-diff.js';

const file = (...lines: string[]) => lines.map((line) => `${line}\n`).join('');

const APP_BEFORE = file(
  "import { useState } from 'react';",
  "import { RecipeCard } from './components/RecipeCard';",
  "import { recipes } from './data/recipes';",
  '',
  'export function App() {',
  "  const [query, setQuery] = useState('');",
  '  const count: string = recipes.length;',
  '  return (',
  '    <main className="app">',
  '      <h1>Recipes ({count})</h1>',
  '      {recipes.map((recipe) => (',
  '        <RecipeCard key={recipe.id} recipe={recipe} />',
  '      ))}',
  '    </main>',
  '  );',
  '}',
);

describe('wordDiffLines', () => {
  it('shows a changed word in place, with the line number in the new file', () => {
    const after = APP_BEFORE.replace('const count: string', 'const count: number');
    expect(wordDiffLines('src/App.tsx', APP_BEFORE, after)).toEqual(['✏️ src/App.tsx:7  const count: [-string-]{+number+} = recipes.length;']);
  });

  it('numbers lines after an insertion by the new file, and shows added and removed lines whole', () => {
    const after = APP_BEFORE.replace("import { recipes } from './data/recipes';\n", "import { recipes } from './data/recipes';\nimport './app.css';\n")
      .replace("  const [query, setQuery] = useState('');\n", '')
      .replace('const count: string', 'const count: number');
    expect(wordDiffLines('src/App.tsx', APP_BEFORE, after)).toEqual([
      "✏️ src/App.tsx:4  {+import './app.css';+}",
      "✏️ src/App.tsx:7  [-const [query, setQuery] = useState('');-]",
      '✏️ src/App.tsx:7  const count: [-string-]{+number+} = recipes.length;',
    ]);
  });

  it('pairs the lines of a rewritten block and marks only what changed in each', () => {
    const after = APP_BEFORE.replace('<h1>Recipes ({count})</h1>', '<h1 className="title">Recipes ({count})</h1>').replace(
      '<RecipeCard key={recipe.id} recipe={recipe} />',
      '<RecipeCard key={recipe.slug} recipe={recipe} />',
    );
    expect(wordDiffLines('src/App.tsx', APP_BEFORE, after)).toEqual([
      '✏️ src/App.tsx:10  <h1{+ className="title"+}>Recipes ({count})</h1>',
      '✏️ src/App.tsx:12  <RecipeCard key={recipe.[-id-]{+slug+}} recipe={recipe} />',
    ]);
  });

  it('shows a line rewritten beyond recognition as the old line and the new one', () => {
    const before = file('const a = 1;', 'fetchRecipes().then(setRecipes);', 'const b = 2;');
    const after = file('const a = 1;', 'useEffect(() => void load(), []);', 'const b = 2;');
    expect(wordDiffLines('src/App.tsx', before, after)).toEqual(['✏️ src/App.tsx:2  [-fetchRecipes().then(setRecipes);-]{+useEffect(() => void load(), []);+}']);
  });

  it('shows at most six lines per file, then how many more changed', () => {
    const before = file(...Array.from({ length: 20 }, (_, i) => `export const item${i} = ${i};`));
    const after = file(...Array.from({ length: 20 }, (_, i) => `export const item${i} = ${i}0;`));
    const lines = wordDiffLines('src/lib/items.ts', before, after);
    expect(lines).toHaveLength(7);
    expect(lines[0]).toBe('✏️ src/lib/items.ts:1  export const item0 = [-0-]{+00+};');
    expect(lines[5]).toBe('✏️ src/lib/items.ts:6  export const item5 = [-5-]{+50+};');
    expect(lines[6]).toBe('… and 14 more changed lines');
    const sevenChanged = wordDiffLines('src/lib/items.ts', before, before.replace(/= (\d);/g, '= $1$1;'));
    expect(sevenChanged).toHaveLength(7);
    expect(sevenChanged[6]).toBe('… and 4 more changed lines');
  });

  it('keeps long lines short around the change', () => {
    const padding = 'x'.repeat(200);
    const before = file(`const message = '${padding} alpha ${padding}';`);
    const after = file(`const message = '${padding} beta ${padding}';`);
    const [line] = wordDiffLines('src/App.tsx', before, after);
    expect(line).toBe(`✏️ src/App.tsx:1  …${'x'.repeat(39)} [-alpha-]{+beta+} ${'x'.repeat(39)}…`);
  });

  it('announces new and removed files instead of diffing them', () => {
    expect(wordDiffLines('src/components/Missing.tsx', null, file('export function Missing() {', '  return null;', '}'))).toEqual(['➕ src/components/Missing.tsx (3 lines)']);
    expect(wordDiffLines('src/one.ts', null, 'export {};')).toEqual(['➕ src/one.ts (1 line)']);
    expect(wordDiffLines('src/old.ts', 'export {};\n', null)).toEqual(['🗑️ src/old.ts']);
  });

  it('says nothing for an identical file and names a change of line endings only', () => {
    expect(wordDiffLines('src/App.tsx', APP_BEFORE, APP_BEFORE)).toEqual([]);
    expect(wordDiffLines('src/App.tsx', APP_BEFORE, APP_BEFORE.replaceAll('\n', '\r\n'))).toEqual(['✏️ src/App.tsx (line endings only)']);
  });

  it('writes lines the terminal view parses back into exactly the old and the new text', () => {
    const before = file('const pattern = /[a-z-]+/;', 'const total = price + tax; // {+tax+}');
    const after = file('const pattern = /[a-z0-9-]+/;', 'const total = price++} + tax;');
    const lines = wordDiffLines('src/lib/match.ts', before, after);
    const reconstruct = (line: string, keep: 'removed' | 'added') =>
      parseDiffMarkers(line.replace(/^✏️ \S+ {2}/, ''))
        .filter((segment) => segment.kind === 'text' || segment.kind === keep)
        .map((segment) => segment.text)
        .join('');
    expect(reconstruct(lines[0], 'removed')).toBe('const pattern = /[a-z-]+/;');
    expect(reconstruct(lines[0], 'added')).toBe('const pattern = /[a-z0-9-]+/;');
    expect(reconstruct(lines[1], 'added')).toBe('const total = price++} + tax;');
  });
});

describe('markers', () => {
  it.each(['a-]b', '-]', 'ends with -', ']starts', '--]', 'x-]-]y'])('keep %p intact through the web parser', (text) => {
    expect(parseDiffMarkers(removedMarker(text)).map((s) => [s.kind, s.text])).toEqual(expect.arrayContaining([['removed', expect.any(String)]]));
    const removed = parseDiffMarkers(removedMarker(text));
    expect(removed.every((segment) => segment.kind === 'removed')).toBe(true);
    expect(removed.map((segment) => segment.text).join('')).toBe(text);
    const added = parseDiffMarkers(addedMarker(text.replaceAll('-]', '+}')));
    expect(added.every((segment) => segment.kind === 'added')).toBe(true);
    expect(added.map((segment) => segment.text).join('')).toBe(text.replaceAll('-]', '+}'));
  });
});
