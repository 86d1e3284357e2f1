import { describe, expect, it } from '@jest/globals';
import { fileStartMarker } from '@forge/protocol/file-stream';
import { selectEditContext } from './edit-context.js';
import { editPrompt } from './edit-prompt.js';
import { targetedElement } from './edit-target.js';

const FILES: Record<string, string> = {
  'package.json': '{}\n',
  'src/App.tsx': "import { Hero } from './components/Hero';\nexport function App() {\n  return <Hero />;\n}\n",
  'src/components/Hero.tsx': 'export function Hero() {\n  return (\n    <header>\n      <h1 className="title">Bean There</h1>\n    </header>\n  );\n}\n',
};

async function newPrompt(request: string, target?: { file: string; line: number; column: number }) {
  const tree = Object.keys(FILES);
  const context = await selectEditContext({ request, tree, read: async (path) => FILES[path] ?? null, budgetTokens: 10_000, first: target?.file });
  const element = target ? targetedElement(FILES[target.file]!, target) : null;
  const files = tree.map((path) => ({ path, sizeBytes: FILES[path]!.length, binary: false }));
  return { sut: editPrompt({ projectName: 'bean-there', request, files, context, element }) };
}

describe(editPrompt.name, () => {
  it('tells the model which element an aimed edit is about, and shows its file first', async () => {
    const { sut } = await newPrompt('Make this say Hello', { file: 'src/components/Hero.tsx', line: 4, column: 7 });
    expect(sut).toContain('## The element the person selected in the preview');
    expect(sut).toContain('The person picked the <h1> element written in src/components/Hero.tsx at line 4, column 7');
    expect(sut).toContain('```tsx\n<h1 className="title">Bean There</h1>\n```');
    const shownFirst = sut.indexOf(fileStartMarker('src/components/Hero.tsx'));
    expect(shownFirst).toBeGreaterThan(sut.indexOf('## Every file of the project'));
    expect(shownFirst).toBeLessThan(sut.indexOf(fileStartMarker('package.json')));
    expect(shownFirst).toBeLessThan(sut.indexOf(fileStartMarker('src/App.tsx')));
  });

  it('says nothing of a selection for an edit that is not aimed, and keeps the files in tree order', async () => {
    const { sut } = await newPrompt('Make the heading say Hello');
    expect(sut).not.toContain('selected in the preview');
    expect(sut.indexOf(fileStartMarker('package.json'))).toBeLessThan(sut.indexOf(fileStartMarker('src/components/Hero.tsx')));
  });
});
