import { describe, expect, it } from '@jest/globals';
import { targetedElement } from './edit-target.js';

const HERO = [
  "import { headline } from '../content';",
  '',
  'export function Hero() {',
  '  return (',
  '    <section className="hero">',
  '      <h1 className="text-4xl">',
  '        {headline}',
  '      </h1>',
  '      <p>Fresh <em>beans</em></p>',
  '    </section>',
  '  );',
  '}',
].join('\n');

describe(targetedElement.name, () => {
  it('reads the element the tag points at, from its opening tag to its closing one', () => {
    expect(targetedElement(HERO, { file: 'src/Hero.tsx', line: 6, column: 7 })).toEqual({
      target: { file: 'src/Hero.tsx', line: 6, column: 7 },
      tagName: 'h1',
      excerpt: '<h1 className="text-4xl">\n        {headline}\n      </h1>',
    });
  });

  it('picks the tag at the column among several on a line, or the next one when the column is off', () => {
    expect(targetedElement(HERO, { file: 'src/Hero.tsx', line: 9, column: 16 })).toMatchObject({ tagName: 'em', excerpt: '<em>beans</em></p>' });
    expect(targetedElement(HERO, { file: 'src/Hero.tsx', line: 9, column: 2 })).toMatchObject({ tagName: 'p', excerpt: '<p>Fresh <em>beans</em></p>' });
    // A column at the tag's name rather than its "<" is the same element.
    expect(targetedElement(HERO, { file: 'src/Hero.tsx', line: 9, column: 17 })).toMatchObject({ tagName: 'em' });
  });

  it('answers null past the end of the file, and no tag name where the line has none', () => {
    expect(targetedElement(HERO, { file: 'src/Hero.tsx', line: 40, column: 1 })).toBeNull();
    expect(targetedElement(HERO, { file: 'src/Hero.tsx', line: 7, column: 1 })).toMatchObject({ tagName: null });
  });
});
