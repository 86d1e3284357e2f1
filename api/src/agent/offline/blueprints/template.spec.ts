import { describe, expect, it } from '@jest/globals';
import { type TemplateInput, fillTemplate } from './template.js';
import { raw } from './ts-literal.js';

const input = (values: TemplateInput['values'], flags: TemplateInput['flags'] = {}): TemplateInput => ({ values, flags });

describe('fillTemplate: {{name}} text', () => {
  it('escapes text in HTML and SVG, and leaves other text files as they are', () => {
    const values = input({ title: 'Tom\'s <Bread> & "Co"' });
    expect(fillTemplate('index.html', '<title>{{title}}</title>', values)).toBe("<title>Tom's &lt;Bread&gt; &amp; &quot;Co&quot;</title>");
    expect(fillTemplate('public/favicon.svg', '<text>{{title}}</text>', values)).toBe("<text>Tom's &lt;Bread&gt; &amp; &quot;Co&quot;</text>");
    expect(fillTemplate('.env.example', 'NAME={{title}}\n', values)).toBe('NAME=Tom\'s <Bread> & "Co"\n');
  });

  it('never reads filled-in text again', () => {
    expect(fillTemplate('index.html', '{{title}} / {{tagline}}', input({ title: '{{tagline}}', tagline: 'x' }))).toBe('{{tagline}} / x');
  });

  it('rewrites a TypeScript string literal holding a placeholder, choosing quotes like the rest', () => {
    const source = "const APP_NAME = '{{title}}';\nconst KEY = '{{packageName}}:tasks:v1';\nconst OTHER = \"it's\";\n";
    expect(fillTemplate('src/App.tsx', source, input({ title: "Tom's \\ Cafe", packageName: 'my-app' }))).toBe(
      'const APP_NAME = "Tom\'s \\\\ Cafe";\nconst KEY = \'my-app:tasks:v1\';\nconst OTHER = "it\'s";\n',
    );
  });

  it('refuses a placeholder it cannot fill or that is not inside a string', () => {
    expect(() => fillTemplate('index.html', '{{nope}}', input({}))).toThrow('index.html: no text for {{nope}}');
    expect(() => fillTemplate('src/a.ts', '// {{title}}\n', input({ title: 'x' }))).toThrow('outside a string literal');
  });
});

describe('fillTemplate: slots', () => {
  it('replaces the literal after the marker, or writes it back laid out again', () => {
    const source = "const view = useState<View>(/* @slot view */ 'list');\nconst brand = /* @slot brand */ { name: '{{title}}' };\n";
    expect(fillTemplate('src/App.tsx', source, input({ view: 'board', title: 'A' }))).toBe("const view = useState<View>('board');\nconst brand = { name: 'A' };\n");
    const long = 'x'.repeat(100);
    expect(fillTemplate('src/App.tsx', source, input({ title: long }))).toBe(`const view = useState<View>('list');\nconst brand = {\n  name: '${long}',\n};\n`);
  });

  it('keeps a value written over several lines over several lines, indented like its line', () => {
    const source = 'export const icons = /* @slot icons */ {\n  Kitchen: CookingPot,\n};\nfunction f() {\n  return /* @slot list */ [1];\n}\n';
    const filled = fillTemplate('src/a.tsx', source, input({ icons: { Beans: raw('Bean') }, list: ['a'.repeat(90), 'b'] }));
    expect(filled).toBe(`export const icons = {\n  Beans: Bean,\n};\nfunction f() {\n  return [\n    '${'a'.repeat(90)}',\n    'b',\n  ];\n}\n`);
  });

  it('fills an imported-names slot up to the type import', () => {
    const source = "import { /* @slot icons */ Zap, Users, type LucideIcon } from 'lucide-react';\n";
    expect(fillTemplate('src/content.ts', source, input({ icons: ['Leaf', 'Sun'] }))).toBe("import { Leaf, Sun, type LucideIcon } from 'lucide-react';\n");
    expect(fillTemplate('src/content.ts', source, input({}))).toBe("import { Zap, Users, type LucideIcon } from 'lucide-react';\n");
  });

  it('fills a CSS slot with the one token after it', () => {
    const source = ':root {\n  color-scheme: /* @slot scheme */ light;\n  --shadow: 0 1px rgb(0 0 0 / /* @slot alpha */ 0.06);\n}\n';
    expect(fillTemplate('src/styles.css', source, input({ scheme: 'dark', alpha: '0.4' }))).toBe(':root {\n  color-scheme: dark;\n  --shadow: 0 1px rgb(0 0 0 / 0.4);\n}\n');
  });

  it('names the file and the place of a broken slot', () => {
    expect(() => fillTemplate('src/a.ts', 'const a = /* @slot a */ [1,\n', input({}))).toThrow(/^src\/a\.ts: Expected a literal at line 2/);
  });
});

describe('fillTemplate: @if lines', () => {
  const app = [
    "import { Faq } from './Faq'; ",
    '// @if pricing',
    "import { Pricing } from './Pricing';",
    'export function App() {',
    '  return (',
    '    <main>',
    '      {/* @if pricing */}',
    '      <Pricing />',
    '      <Faq />',
    '    </main>',
    '  );',
    '}',
    '',
  ].join('\n');

  it('keeps the next line without its marker when the name is on, and drops both when off', () => {
    expect(fillTemplate('src/App.tsx', app, input({}, { pricing: true }))).toBe(app.replace('// @if pricing\n', '').replace('      {/* @if pricing */}\n', ''));
    expect(fillTemplate('src/App.tsx', app, input({}, { pricing: false }))).toBe(
      "import { Faq } from './Faq'; \nexport function App() {\n  return (\n    <main>\n      <Faq />\n    </main>\n  );\n}\n",
    );
  });

  it('drops a whole slot statement, and one of the blank lines around it', () => {
    const content = "export const a = 1;\n\n// @if visit\nexport const visit = /* @slot visit */ {\n  address: '1 Main St',\n};\n\nexport const b = 2;\n";
    expect(fillTemplate('src/content.ts', content, input({}, { visit: false }))).toBe('export const a = 1;\n\nexport const b = 2;\n');
    expect(fillTemplate('src/content.ts', content, input({}, { visit: true }))).toBe(content.replace('// @if visit\n', '').replace('/* @slot visit */ ', ''));
  });

  it('needs every name switched on or off', () => {
    expect(() => fillTemplate('src/App.tsx', app, input({}))).toThrow('src/App.tsx: no flag for @if pricing at line 2');
  });
});
