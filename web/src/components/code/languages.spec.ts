import { describe, expect, it } from '@jest/globals';
import { highlightCode } from './prism';
import { languageForPath } from './languages';

describe('languageForPath', () => {
  it('maps the supported extensions to Prism grammars', () => {
    expect(languageForPath('src/App.tsx')).toBe('tsx');
    expect(languageForPath('src/lib/util.ts')).toBe('typescript');
    expect(languageForPath('a.jsx')).toBe('jsx');
    expect(languageForPath('vite.config.js')).toBe('javascript');
    expect(languageForPath('index.css')).toBe('css');
    expect(languageForPath('package.json')).toBe('json');
    expect(languageForPath('README.md')).toBe('markdown');
    expect(languageForPath('index.html')).toBe('markup');
    expect(languageForPath('scripts/run.sh')).toBe('bash');
    expect(languageForPath('db/seed.sql')).toBe('sql');
    expect(languageForPath('.github/ci.yml')).toBe('yaml');
    expect(languageForPath('.env.example')).toBe('bash');
    expect(languageForPath('LICENSE')).toBe('plain');
  });
});

describe('highlightCode', () => {
  it('highlights every supported language', () => {
    const samples: Array<[Parameters<typeof highlightCode>[1], string]> = [
      ['tsx', 'const a: number = <b>1</b>;'],
      ['typescript', 'interface A { b: string }'],
      ['jsx', 'const x = <div />;'],
      ['javascript', 'function f() { return 1; }'],
      ['css', '.a { color: red; }'],
      ['json', '{ "a": 1 }'],
      ['markdown', '# Title'],
      ['markup', '<p class="x">hi</p>'],
      ['bash', 'echo "hi"'],
      ['sql', 'SELECT * FROM users;'],
      ['yaml', 'key: value'],
    ];
    for (const [language, code] of samples) expect(highlightCode(code, language)).toContain('class="token');
  });

  it('escapes plain text instead of injecting it', () => {
    expect(highlightCode('<script>alert(1)</script> & more', 'plain')).toBe('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
  });
});
