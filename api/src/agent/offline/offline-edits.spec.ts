import { describe, expect, it } from '@jest/globals';
import { parseChanges } from '@forge/protocol/stream-changes';
import { checkChanges } from '../../code-changes/change-check.js';
import { EXAMPLE_DESCRIPTIONS } from './blueprints/example-descriptions.js';
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

describe('understandEditRequest', () => {
  it.each([
    ['Change the heading to "Fresh beans daily"', { kind: 'heading', text: 'Fresh beans daily' }],
    ['set the main headline to: Coffee, slowly.', { kind: 'heading', text: 'Coffee, slowly' }],
    ['Change the title to Bean Here', { kind: 'title', text: 'Bean Here' }],
    ['rename the site to "Roast Club"', { kind: 'title', text: 'Roast Club' }],
    ['Replace "Menu" with "Our menu"', { kind: 'replace', from: 'Menu', to: 'Our menu' }],
    ['change the text “Visit” to “Come by”', { kind: 'replace', from: 'Visit', to: 'Come by' }],
    ['Make it teal', { kind: 'recolour', target: 'primary', hex: '#0d9488' }],
    ['Change the accent colour to red', { kind: 'recolour', target: 'accent', hex: expect.stringMatching(/^#/) }],
  ])('reads %j', (request, plan) => {
    expect(understandEditRequest(request)).toEqual(plan);
  });

  it.each(['Add a dark mode toggle', 'Let people sign up', 'Make the layout wider'])('leaves %j to a model', (request) => {
    expect(understandEditRequest(request)).toBeNull();
  });
});

describe('offlineEditAnswer', () => {
  it('changes the main heading where its text is written, and nothing else', async () => {
    const writes = await apply('Change the heading to "Fresh beans, roasted daily"');
    expect([...writes.keys()]).toEqual(['src/content.ts']);
    const before = REFERENCE['src/content.ts']!.split('\n');
    const after = writes.get('src/content.ts')!.split('\n');
    const changed = after.map((line, i) => (line === before[i] ? null : line)).filter(Boolean);
    expect(changed).toEqual(["  headline: 'Fresh beans, roasted daily',"]);
  });

  it('changes a literal heading in place, escaping what JSX cannot hold', async () => {
    const files = { 'src/App.tsx': 'export function App() {\n  return <h1>Overview</h1>;\n}\n' };
    expect((await apply('change the heading to Sales {2025}', files)).get('src/App.tsx')).toBe("export function App() {\n  return <h1>{'Sales {2025}'}</h1>;\n}\n");
  });

  it('changes the title in index.html and the brand name written as a string', async () => {
    const writes = await apply('Change the title to "Bean Here"');
    expect(writes.get('index.html')).toContain('<title>Bean Here</title>');
    expect(writes.get('src/content.ts')).toContain("name: 'Bean Here'");
    expect(writes.get('src/content.ts')).not.toContain("'Bean There'");
  });

  it('recolours the primary colour and the shades made from it', async () => {
    const writes = await apply('Make it teal');
    const css = writes.get('src/styles.css')!;
    expect(css).toContain('--color-primary: #0d9488;');
    expect(css).not.toContain('#92400e');
    expect(writes.get('index.html')).toContain('<meta name="theme-color" content="#0d9488" />');
  });

  it('replaces a text everywhere it occurs, even on lines that occur twice', async () => {
    const files = { 'a.ts': "x('Menu');\ny();\nx('Menu');\n", 'b.ts': 'nothing here\n' };
    const writes = await apply('Replace "Menu" with "Carte"', files);
    expect([...writes]).toEqual([['a.ts', "x('Carte');\ny();\nx('Carte');\n"]]);
  });

  it('says plainly what it cannot do without a model', async () => {
    await expect(offlineEditAnswer('Add a dark mode toggle', reader(REFERENCE))).rejects.toThrow(OFFLINE_EDIT_NEEDS_MODEL);
    await expect(offlineEditAnswer('Replace "Espresso martini" with "Tea"', reader(REFERENCE))).rejects.toBeInstanceOf(OfflineEditError);
  });

  it.each(Object.entries(EXAMPLE_DESCRIPTIONS))('finds the main heading of a %s project', async (_id, examples) => {
    const { description, projectName } = examples[0]!;
    const files = planProject(description, projectName).files;
    const answer = offlineEditAnswer('change the heading to "Brand new heading"', reader(files));
    // Every blueprint either has a heading the offline agent can change, or says why not.
    const outcome = await answer.then(
      (text) => text,
      (err: Error) => err,
    );
    if (outcome instanceof Error) expect(outcome).toBeInstanceOf(OfflineEditError);
    else expect([...(await apply('change the heading to "Brand new heading"', files)).values()].join('\n')).toContain('Brand new heading');
  });
});
