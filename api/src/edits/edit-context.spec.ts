import { describe, expect, it } from '@jest/globals';
import { isSecretFile, namedFiles, quotedTexts, selectEditContext } from './edit-context.js';

function project(files: Record<string, string>) {
  return { tree: Object.keys(files), read: async (path: string) => files[path] ?? null };
}

const SMALL = {
  'package.json': '{}\n',
  'src/App.tsx': "import { Hero } from './components/Hero';\n",
  'src/components/Hero.tsx': "import { hero } from '../content';\n",
  'src/content.ts': "export const hero = { headline: 'Hi' };\n",
  '.env': 'SECRET=1\n',
  '.env.example': 'SECRET=\n',
};

/** A project too big to show whole: many unrelated components of about 1,000 tokens each. */
function large(): Record<string, string> {
  const files: Record<string, string> = {
    ...SMALL,
    'src/main.tsx': "import { App } from './App';\n",
    'index.html': '<title>x</title>\n',
    'src/components/Footer.tsx': "import { brand } from '../brand';\nexport const Footer = () => brand;\n",
    'src/brand.ts': "export const brand = 'Shop';\n",
    'src/pages/Orders.tsx': "import { Footer } from '../components/Footer';\n",
    'shared/schema.ts': 'export const orders = {};\n',
    'db/seed.ts': 'seed();\n',
    'src/styles.css': ':root { --color-primary: #000; }\n',
  };
  for (let i = 0; i < 40; i++) files[`src/widgets/Widget${i}.tsx`] = `export const w${i} = '${'x'.repeat(4000)}';\n`;
  return files;
}

describe('selectEditContext', () => {
  it('shows a project that fits whole, but never its .env', async () => {
    const context = await selectEditContext({ request: 'Change the heading', ...project(SMALL), budgetTokens: 10_000 });
    expect(context.whole).toBe(true);
    expect(Object.keys(context.shown).sort()).toEqual(['.env.example', 'package.json', 'src/App.tsx', 'src/components/Hero.tsx', 'src/content.ts']);
  });

  it('shows a large project in part: the named file, its imports and importers, and the entry points', async () => {
    const context = await selectEditContext({ request: 'Make the footer say hello', ...project(large()), budgetTokens: 10_000 });
    expect(context.whole).toBe(false);
    const shown = Object.keys(context.shown);
    expect(shown.slice(0, 1)).toEqual(['src/components/Footer.tsx']);
    expect(shown).toEqual(expect.arrayContaining(['package.json', 'index.html', 'src/main.tsx', 'src/App.tsx', 'src/brand.ts', 'src/pages/Orders.tsx']));
    expect(shown).not.toContain('.env');
    expect(shown).not.toContain('shared/schema.ts');
    expect(context.omitted).toContain('src/widgets/Widget0.tsx');
    expect(Object.values(context.shown).join('').length).toBeLessThanOrEqual(10_000 * 4);
  });

  it('adds the schema for a data change, the stylesheets for a colour change, and files holding quoted text', async () => {
    const data = await selectEditContext({ request: 'Store a delivery date with each order', ...project(large()), budgetTokens: 10_000 });
    expect(Object.keys(data.shown)).toEqual(expect.arrayContaining(['shared/schema.ts', 'db/seed.ts']));
    const colour = await selectEditContext({ request: 'Make the buttons teal', ...project(large()), budgetTokens: 10_000 });
    expect(Object.keys(colour.shown)).toContain('src/styles.css');
    const quoted = await selectEditContext({ request: 'Replace "Shop" with "Store"', ...project(large()), budgetTokens: 10_000 });
    expect(Object.keys(quoted.shown)[0]).toBe('src/brand.ts');
  });

  it('stays within the budget even when the wanted files do not all fit', async () => {
    const context = await selectEditContext({ request: 'Change Widget1, Widget2 and Widget3', ...project(large()), budgetTokens: 2_500 });
    expect(Object.values(context.shown).join('').length).toBeLessThanOrEqual(2_500 * 4);
    expect(Object.keys(context.shown)).toContain('src/widgets/Widget1.tsx');
  });
});

describe('what a request names', () => {
  it('finds files by path, by name and by a word for their name', () => {
    const paths = ['src/components/NavBar.tsx', 'src/components/Footer.tsx', 'src/index.ts', 'README.md'];
    expect(namedFiles('In src/components/Footer.tsx, add a link', paths)).toEqual(['src/components/Footer.tsx']);
    expect(namedFiles('make the nav bar sticky', paths)).toEqual(['src/components/NavBar.tsx']);
    expect(namedFiles('update README.md', paths)).toEqual(['README.md']);
    expect(namedFiles('fix the index page', paths)).toEqual([]);
  });

  it('reads quoted text in any common quotes', () => {
    expect(quotedTexts(`Replace "Old name" with 'New name' and “Menu”`)).toEqual(['Old name', 'New name', 'Menu']);
  });

  it('keeps .env and its local variants out, not the example', () => {
    expect(['.env', 'server/.env', '.env.local', '.env.example'].map(isSecretFile)).toEqual([true, true, true, false]);
  });
});

describe('the file an aimed edit shows first', () => {
  it('comes first whether the project is shown whole or in part', async () => {
    const small = await selectEditContext({ request: 'Make this say Hello', ...project(SMALL), budgetTokens: 100_000, first: 'src/content.ts' });
    expect(small.whole).toBe(true);
    expect(Object.keys(small.shown)[0]).toBe('src/content.ts');
    const part = await selectEditContext({ request: 'Make this say Hello', ...project(large()), budgetTokens: 2_000, first: 'src/brand.ts' });
    expect(part.whole).toBe(false);
    expect(Object.keys(part.shown)[0]).toBe('src/brand.ts');
  });
});
