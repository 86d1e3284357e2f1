import { describe, expect, it } from '@jest/globals';
import { OFFLINE_EDIT_EXAMPLES } from '@forge/protocol/offline-edits';
import { parseChanges } from '@forge/protocol/stream-changes';
import { checkChanges } from '../../code-changes/change-check.js';
import { THEME_FILE, themeTokenLines } from '../template/theme-tokens.js';
import { BLUEPRINT_IDS } from './describe.js';
import { EXAMPLE_DESCRIPTIONS } from './blueprints/example-descriptions.js';
import { splitRequest } from './edits/request.js';
import { OFFLINE_EDIT_NEEDS_MODEL, OfflineEditError, offlineEditAnswer, understandEditRequest } from './offline-edits.js';
import { planProject } from './plan-project.js';

const REFERENCE = planProject('A landing page for a coffee roaster called "Bean There", in warm brown', 'reference').files;

function reader(files: Record<string, string>) {
  return { paths: Object.keys(files), read: async (path: string) => files[path] ?? null };
}

/** The answer applied through the same checks as a model's: the files it changes, as they end up. */
async function apply(request: string, files: Record<string, string> = REFERENCE): Promise<Map<string, string>> {
  const answer = await offlineEditAnswer(request, reader(files));
  const result = await checkChanges(parseChanges(answer), async (path) => files[path] ?? null);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.changes.writes;
}

/** The lines of a file that an edit changed. */
function changedLines(before: string, after: string): string[] {
  const old = before.split('\n');
  return after.split('\n').filter((line, i) => line !== old[i]);
}

function token(css: string, name: string): string | undefined {
  return themeTokenLines(css).get(name)?.value;
}

describe('splitRequest', () => {
  it.each([
    ['Change the heading to Wanderlust Diaries and make the accent colour teal', ['Change the heading to Wanderlust Diaries', 'make the accent colour teal']],
    ['Change the heading to Fish and the title to Chips', ['Change the heading to Fish', 'the title to Chips']],
    ['Make it teal, then change the title to Roast Club.', ['Make it teal', 'change the title to Roast Club']],
    ['Change the heading to Salt and Pepper', ['Change the heading to Salt and Pepper']],
    ['Replace "Tea and cake" with "Coffee and make believe"', ['Replace "Tea and cake" with "Coffee and make believe"']],
  ])('%j', (request, parts) => {
    expect(splitRequest(request)).toEqual(parts);
  });
});

describe('understandEditRequest', () => {
  it.each([
    ['Change the heading to "Fresh beans daily"', { kind: 'heading', text: 'Fresh beans daily' }],
    ['set the main headline to: Coffee, slowly.', { kind: 'heading', text: 'Coffee, slowly' }],
    ['Change the title to Bean Here', { kind: 'title', text: 'Bean Here' }],
    ['rename the site to "Roast Club"', { kind: 'title', text: 'Roast Club' }],
    ['Replace "Menu" with "Our menu"', { kind: 'replace', from: 'Menu', to: 'Our menu' }],
    ['change the text “Visit” to “Come by”', { kind: 'replace', from: 'Visit', to: 'Come by' }],
    ['Make it teal', { kind: 'recolour', target: 'primary', hex: '#0d9488', colour: 'teal' }],
    ['Make it dark blue', { kind: 'recolour', target: 'primary', hex: expect.stringMatching(/^#[0-9a-f]{6}$/), colour: 'dark blue' }],
    ['Change the accent colour to red', { kind: 'recolour', target: 'accent', hex: expect.stringMatching(/^#/), colour: 'red' }],
  ])('reads %j', (request, plan) => {
    expect(understandEditRequest(request)).toEqual([expect.objectContaining(plan)]);
  });

  it.each(['Add a dark mode toggle', 'Let people sign up', 'Make the layout wider', 'Make the heading red', 'Make it dark'])('leaves %j to a model', (request) => {
    expect(understandEditRequest(request).map((part) => part.kind)).toEqual(['unknown']);
  });
});

describe('offlineEditAnswer', () => {
  it('changes the main heading where its text is written, and nothing else', async () => {
    const writes = await apply('Change the heading to "Fresh beans, roasted daily"');
    expect([...writes.keys()]).toEqual(['src/content.ts']);
    expect(changedLines(REFERENCE['src/content.ts']!, writes.get('src/content.ts')!)).toEqual(["  headline: 'Fresh beans, roasted daily',"]);
  });

  it('changes a literal heading in place, escaping what JSX cannot hold', async () => {
    const files = { 'src/App.tsx': 'export function App() {\n  return <h1>Overview</h1>;\n}\n' };
    expect((await apply('change the heading to Sales {2025}', files)).get('src/App.tsx')).toBe("export function App() {\n  return <h1>{'Sales {2025}'}</h1>;\n}\n");
  });

  it("finds the home page's heading, not an editor's, through a prop to its constant", async () => {
    const files = {
      'src/App.tsx': "const TAGLINE = 'Stories worth reading';\nexport function App() {\n  return <PostList tagline={TAGLINE} />;\n}\n",
      'src/components/PostEditor.tsx': 'export function PostEditor() {\n  return <h1>New story</h1>;\n}\n',
      'src/components/PostList.tsx': "export function PostList({ tagline, tag }: { tagline: string; tag?: string }) {\n  return <h1>{tag ? 'Stories tagged ' + tag : tagline}</h1>;\n}\n",
    };
    const writes = await apply('Change the heading to Wanderlust Diaries', files);
    expect([...writes]).toEqual([['src/App.tsx', files['src/App.tsx'].replace('Stories worth reading', 'Wanderlust Diaries')]]);
  });

  it('splits a compound request: the heading set to its own words and the accent colour changed where it is used', async () => {
    const answer = await offlineEditAnswer('Change the heading to Wanderlust Diaries and make the accent colour teal', reader(REFERENCE));
    expect(answer).toContain('Changed the main heading to "Wanderlust Diaries"');
    expect(answer).toContain('Changed the accent colour to teal (#0d9488)');
    const writes = await apply('Change the heading to Wanderlust Diaries and make the accent colour teal');
    expect(changedLines(REFERENCE['src/content.ts']!, writes.get('src/content.ts')!)).toEqual(["  headline: 'Wanderlust Diaries',"]);
    const css = writes.get(THEME_FILE)!;
    expect(token(css, 'accent')).toBe('#0d9488');
    expect(token(css, 'chart-2')).toBe('#0d9488');
    expect(token(css, 'primary')).toBe(token(REFERENCE[THEME_FILE]!, 'primary'));
  });

  it('changes the title in index.html and the brand name written as a string', async () => {
    const writes = await apply('Change the title to "Bean Here"');
    expect(writes.get('index.html')).toContain('<title>Bean Here</title>');
    expect(writes.get('src/content.ts')).toContain("name: 'Bean Here'");
    expect(writes.get('src/content.ts')).not.toContain("'Bean There'");
  });

  it('recolours the primary colour and the tokens made from it', async () => {
    const css = (await apply('Make it teal')).get(THEME_FILE)!;
    const changed = changedLines(REFERENCE[THEME_FILE]!, css);
    expect(changed).toEqual(expect.arrayContaining(['  --primary: #0d9488;', '  --ring: #0d9488;', '  --chart-1: #0d9488;']));
    for (const line of changed) expect(line).toMatch(/^ {2}--(?:primary|primary-foreground|ring|chart-1): #[0-9a-f]{6};$/);
  });

  it('recolours a v1 project where its colours are written: the --color-* variables and the theme-color', async () => {
    const files = {
      'index.html': '<meta name="theme-color" content="#92400e" />\n',
      'src/styles.css': ':root {\n  --color-primary: #92400e;\n  --color-on-primary: #ffffff;\n  --color-accent: #d97706;\n}\n',
    };
    const writes = await apply('Make the accent colour teal and make it navy', files);
    const navy = understandEditRequest('make it navy')[0]!;
    expect(navy).toMatchObject({ kind: 'recolour', target: 'primary' });
    const hex = navy.kind === 'recolour' ? navy.hex : '';
    expect(writes.get('src/styles.css')).toBe(`:root {\n  --color-primary: ${hex};\n  --color-on-primary: #ffffff;\n  --color-accent: #0d9488;\n}\n`);
    expect(writes.get('index.html')).toBe(`<meta name="theme-color" content="${hex}" />\n`);
  });

  it('replaces a text everywhere it occurs, even on lines that occur twice', async () => {
    const files = { 'a.ts': "x('Menu');\ny();\nx('Menu');\n", 'b.ts': 'nothing here\n' };
    const writes = await apply('Replace "Menu" with "Carte"', files);
    expect([...writes]).toEqual([['a.ts', "x('Carte');\ny();\nx('Carte');\n"]]);
  });

  it('makes what it can of a request and says plainly what it did not do, changing nothing for that part', async () => {
    const answer = await offlineEditAnswer('Change the heading to Fresh beans daily and add a dark mode toggle', reader(REFERENCE));
    expect(answer).toContain('Not done, and nothing changed for it: "add a dark mode toggle"');
    const writes = await apply('Change the heading to Fresh beans daily and add a dark mode toggle');
    expect([...writes.keys()]).toEqual(['src/content.ts']);
  });

  it('refuses a request it cannot make at all, naming it, and changes nothing', async () => {
    await expect(offlineEditAnswer('Add a dark mode toggle', reader(REFERENCE))).rejects.toThrow(
      `Nothing was changed: the offline agent cannot do "Add a dark mode toggle" (none of the edits it knows). ${OFFLINE_EDIT_NEEDS_MODEL}`,
    );
    await expect(offlineEditAnswer('Replace "Espresso martini" with "Tea"', reader(REFERENCE))).rejects.toThrow(/does not occur in the project's files/);
    await expect(offlineEditAnswer('Make the heading red', reader(REFERENCE))).rejects.toThrow(/only the main and the accent colour can be changed/);
    await expect(offlineEditAnswer('Change the title to Bean There', reader(REFERENCE))).rejects.toThrow(/already is so/);
  });

  it('never answers with a change for something else than what was asked', async () => {
    await expect(offlineEditAnswer('Make the layout wider and add a map', reader(REFERENCE))).rejects.toBeInstanceOf(OfflineEditError);
  });

  describe.each(BLUEPRINT_IDS)('on every example %s project', (id) => {
    const { description, projectName } = EXAMPLE_DESCRIPTIONS[id][0]!;
    const files = planProject(description, projectName).files;

    it.each([...OFFLINE_EDIT_EXAMPLES])('applies the example %j as asked', async (request) => {
      const writes = await apply(request, files);
      const all = [...writes.values()].join('\n');
      for (const text of ['Fresh beans daily', 'Wanderlust Diaries', 'Golden Hour']) if (request.includes(text)) expect(all).toContain(text);
      if (/accent colour teal/.test(request)) expect(token(writes.get(THEME_FILE)!, 'accent')).toBe('#0d9488');
      if (/dark blue/.test(request)) expect(token(writes.get(THEME_FILE)!, 'primary')).not.toBe(token(files[THEME_FILE]!, 'primary'));
      if (/heading/.test(request)) {
        // The new heading replaced the old one; it did not land in an editor or a sample post.
        const changed = [...writes].flatMap(([path, content]) => changedLines(files[path]!, content).map((line) => `${path}: ${line}`));
        expect(changed.some((line) => /Fresh beans daily|Wanderlust Diaries/.test(line) && !/sample|editor|Write/i.test(line))).toBe(true);
      }
    });
  });
});

describe('an edit aimed at an element picked in the preview', () => {
  const HERO = 'src/components/Hero.tsx';
  const heroLines = REFERENCE[HERO]!.split('\n');
  const h1Line = heroLines.findIndex((line) => line.includes('<h1')) + 1;
  const h1Column = heroLines[h1Line - 1]!.indexOf('<h1') + 1;
  const CARD = {
    'src/Card.tsx': [
      'export function Card() {',
      '  return (',
      '    <article>',
      '      <h2 className="title">Our',
      '        beans</h2>',
      '      <p onClick={() => alert(1)}>Welcome to <em>Bean There</em></p>',
      '      <h2>Our beans</h2>',
      '      <img src="/a.png" alt="" />',
      '    </article>',
      '  );',
      '}',
      '',
    ].join('\n'),
  };

  async function applyAimed(request: string, target: { file: string; line: number; column: number }, files: Record<string, string> = REFERENCE) {
    const answer = await offlineEditAnswer(request, reader(files), target);
    const result = await checkChanges(parseChanges(answer), async (path) => files[path] ?? null);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    return { answer, writes: result.changes.writes };
  }

  it('"Make this say Hello" on the hero heading writes Hello in that element, at that file and line, and nowhere else', async () => {
    const { answer, writes } = await applyAimed('Make this say Hello', { file: HERO, line: h1Line, column: h1Column });
    expect([...writes.keys()]).toEqual([HERO]);
    const after = writes.get(HERO)!;
    expect(changedLines(REFERENCE[HERO]!, after)).toEqual([heroLines[h1Line - 1]!.replace('{hero.headline}', 'Hello')]);
    expect(after.split('\n')[h1Line - 1]).toContain('>Hello</h1>');
    expect(answer).toContain(`The selected <h1> now says "Hello" (${HERO}:${h1Line}).`);
    // A column at the tag's name rather than its "<" is the same element.
    const byName = await applyAimed('Make this say Hello', { file: HERO, line: h1Line, column: h1Column + 1 });
    expect(byName.writes.get(HERO)).toBe(after);
  });

  it('replaces text written over several lines, keeps its attributes, and leaves the other element with the same text alone', async () => {
    const { writes } = await applyAimed('Change this to "Fresh & roasted {daily}"', { file: 'src/Card.tsx', line: 4, column: 7 }, CARD);
    const after = writes.get('src/Card.tsx')!.split('\n');
    expect(after[3]).toBe(`      <h2 className="title">{'Fresh & roasted {daily}'}</h2>`);
    expect(after[4]).toBe('      <p onClick={() => alert(1)}>Welcome to <em>Bean There</em></p>');
    expect(after[5]).toBe('      <h2>Our beans</h2>');
  });

  it('refuses, changing nothing, an element that holds other elements or no text, and understands "this" only when something is selected', async () => {
    await expect(offlineEditAnswer('Make this say Hello', reader(CARD), { file: 'src/Card.tsx', line: 6, column: 7 })).rejects.toThrow(/the <p> at src\/Card\.tsx:6 holds other elements/);
    await expect(offlineEditAnswer('Make this say Hello', reader(CARD), { file: 'src/Card.tsx', line: 8, column: 7 })).rejects.toThrow(/shows no text of its own/);
    expect(understandEditRequest('Make this say Hello')).toEqual([{ kind: 'unknown', clause: 'Make this say Hello' }]);
    expect(understandEditRequest('Make this say "Hello there"', true)).toEqual([{ kind: 'aimed-text', text: 'Hello there', clause: 'Make this say "Hello there"' }]);
    expect(understandEditRequest('It should read Welcome back', true)).toEqual([{ kind: 'aimed-text', text: 'Welcome back', clause: 'It should read Welcome back' }]);
  });
});
