import { describeSelection, parseSourceTag, sourceTagValue, sourceTarget } from './source-tags.js';

describe('source tags', () => {
  it('reads back what the plugin writes, with and without a component', () => {
    const target = { file: 'src/components/Hero.tsx', line: 12, column: 5 };
    expect(parseSourceTag(sourceTagValue(target, 'Hero'))).toEqual({ target, component: 'Hero' });
    expect(parseSourceTag(sourceTagValue(target, null))).toEqual({ target, component: null });
  });

  it('refuses values and targets the plugin never writes', () => {
    expect(parseSourceTag('src/App.tsx:0:1')).toBeNull();
    expect(parseSourceTag('src/App.tsx:12')).toBeNull();
    expect(parseSourceTag(undefined)).toBeNull();
    expect(sourceTarget({ file: '../etc/passwd', line: 1, column: 1 })).toBeNull();
    expect(sourceTarget({ file: '/etc/passwd', line: 1, column: 1 })).toBeNull();
    expect(sourceTarget({ file: 'src/App.tsx', line: 1.5, column: 1 })).toBeNull();
    expect(sourceTarget('src/App.tsx:1:1')).toBeNull();
  });

  it('names the selection the way the edit box shows it', () => {
    expect(describeSelection({ tagName: 'h1', target: { file: 'src/components/Hero.tsx', line: 12, column: 5 } })).toBe('<h1> in src/components/Hero.tsx:12');
  });
});
