import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from '@jest/globals';
import { SourceMapConsumer } from 'source-map-js';
import { parseAst, transformWithOxc } from 'vite';
import { SOURCE_TAG_ATTRIBUTE, parseSourceTag } from '@forge/protocol/source-tags';
import { SourceTagStripper } from '../preview-proxy/source-tag-stripper.js';
import { tagSource } from '../../sandbox-files/source-tags.mjs';
import { BUILD_CONFIG_FILE, BUILD_PLATFORM_FILES } from './sandbox-platform-files.js';

const REPOSITORY = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);

const HERO = `import { memo, forwardRef, Fragment } from 'react';
import * as React from 'react';
export function Hero({ title }: { title: string }) {
  const items = [1, 2].map((n) => <li key={n}>{n}</li>);
  return (
    <>
      <h1 className="title">{title}</h1>
      <Card><p /></Card>
      <Fragment><span /></Fragment>
      <React.Fragment key="x"><b>é😀</b></React.Fragment>
      <motion.div />
      <ul>{items}</ul>
    </>
  );
}
export const Card = memo(({ children }: { children: React.ReactNode }) => <section {...{}}>{children}</section>);
const Input = forwardRef<HTMLInputElement, object>((props, ref) => <input ref={ref} {...props} />);
const top = <div data-forge-loc="the user's own" />;
`;

/** The tags of the tagged source, in order: element name and value. */
function tagsOf(code: string): Array<[string, string]> {
  return [...code.matchAll(/<([\w.]+) data-forge-loc="([^"]*)"/g)].map((match) => [match[1], match[2]]);
}

function setup() {
  return { sut: tagSource };
}

describe('source tags plugin', () => {
  it('tags each host element first, with its file, line, column and component', () => {
    const { sut } = setup();
    const tagged = sut(HERO, 'src/components/Hero.tsx');
    expect(tagsOf(tagged!.code)).toEqual([
      ['li', 'src/components/Hero.tsx:4:35:Hero'],
      ['h1', 'src/components/Hero.tsx:7:7:Hero'],
      ['p', 'src/components/Hero.tsx:8:13:Hero'],
      ['span', 'src/components/Hero.tsx:9:17:Hero'],
      // Columns count UTF-16 units, as editors and the browser do.
      ['b', 'src/components/Hero.tsx:10:31:Hero'],
      ['ul', 'src/components/Hero.tsx:12:7:Hero'],
      // memo() and forwardRef() pass the variable's name to the arrow inside them.
      ['section', 'src/components/Hero.tsx:16:75:Card'],
      ['input', 'src/components/Hero.tsx:17:68:Input'],
      // The user's own attribute of the same name stays, and the element gets no second one.
      ['div', "the user's own"],
    ]);
    // The contract's reader reads every value back.
    for (const [, value] of tagsOf(tagged!.code).slice(0, -1)) expect(parseSourceTag(value)).not.toBeNull();
    expect(parseSourceTag('src/components/Hero.tsx:7:7:Hero')).toEqual({ target: { file: 'src/components/Hero.tsx', line: 7, column: 7 }, component: 'Hero' });
    // First among the attributes; fragments, components, member elements and an element already tagged are left alone.
    expect(tagged!.code).toContain('<h1 data-forge-loc="src/components/Hero.tsx:7:7:Hero" className="title">');
    expect(tagged!.code).toContain('<>');
    expect(tagged!.code).toContain('<Card>');
    expect(tagged!.code).toContain('<Fragment>');
    expect(tagged!.code).toContain('<React.Fragment key="x">');
    expect(tagged!.code).toContain('<motion.div />');
    // The lines stay where they were, and the result still parses.
    expect(tagged!.code.split('\n').length).toBe(HERO.split('\n').length);
    expect(() => parseAst(tagged!.code, { lang: 'tsx' })).not.toThrow();
  });

  it('names no component for JSX outside one, and reads .jsx files', () => {
    const { sut } = setup();
    const tagged = sut('const page = <main><App /></main>;\nfunction helper() { return <i />; }\n', 'src/main.jsx');
    expect(tagsOf(tagged!.code)).toEqual([
      ['main', 'src/main.jsx:1:14'],
      ['i', 'src/main.jsx:2:28'],
    ]);
  });

  it('leaves alone what it cannot tag safely: unparsable source, paths outside src/ or with characters a value cannot hold', () => {
    const { sut } = setup();
    expect(sut('const x = <div>', 'src/Broken.tsx')).toBeNull();
    expect(sut('const x = <div />', 'node_modules/lib/x.tsx')).toBeNull();
    expect(sut('const x = <div />', 'src/we"ird.tsx')).toBeNull();
    expect(sut('const x = <div />', 'src/a:b.tsx')).toBeNull();
    expect(sut('const x = <div />', 'src/é.tsx')).toBeNull();
    expect(sut('export const x = 1;', 'src/plain.tsx')).toBeNull();
  });

  it('maps the tagged code back to the original lines and columns', () => {
    const { sut } = setup();
    const tagged = sut(HERO, 'src/components/Hero.tsx', { sourceName: 'src/components/Hero.tsx' })!;
    const map = new SourceMapConsumer(tagged.map as never);
    const lines = tagged.code.split('\n');
    const at = (line: number, needle: string) => ({ line, column: lines[line - 1].indexOf(needle) });
    for (const [line, needle, originalColumn] of [
      [7, 'className', HERO.split('\n')[6].indexOf('className')],
      [7, '{title}', HERO.split('\n')[6].indexOf('{title}')],
      [17, 'ref={ref}', HERO.split('\n')[16].indexOf('ref={ref}')],
    ] as const) {
      expect(map.originalPositionFor(at(line, needle))).toMatchObject({ source: 'src/components/Hero.tsx', line, column: originalColumn });
    }
  });

  it("compiles to the form the share proxy takes out, in the dev server and in the sandbox's minified build", async () => {
    const { sut } = setup();
    const dev = await transformWithOxc(sut(HERO, 'src/components/Hero.tsx')!.code, 'Hero.tsx', { jsx: { runtime: 'automatic', development: true } });
    expect(dev.code).toContain('"data-forge-loc": "src/components/Hero.tsx:7:7:Hero",');

    // A project built as the sandbox builds it: its own config (here: another outDir), the platform's files beside it.
    const project = mkdtempSync(join(tmpdir(), 'forge-tags-'));
    try {
      symlinkSync(join(REPOSITORY, 'node_modules'), join(project, 'node_modules'));
      for (const [path, content] of BUILD_PLATFORM_FILES) writeFileSync(join(project, path), content);
      mkdirSync(join(project, 'src'));
      writeFileSync(join(project, 'vite.config.mjs'), `export default { build: { outDir: 'out' } };\n`);
      writeFileSync(join(project, 'index.html'), `<!doctype html><html><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>\n`);
      writeFileSync(join(project, 'src', 'App.tsx'), `export function App() {\n  return <main><h1 className="big">Hi</h1><hr /></main>;\n}\n`);
      writeFileSync(join(project, 'src', 'main.tsx'), `import { createRoot } from 'react-dom/client';\nimport { App } from './App';\ncreateRoot(document.getElementById('root')!).render(<App />);\n`);
      await run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', BUILD_CONFIG_FILE, '--logLevel', 'warn'], { cwd: project, env: { ...process.env, NODE_ENV: '' } });
      const assets = join(project, 'out', 'assets');
      const bundle = readFileSync(
        join(
          assets,
          readdirSync(assets).find((name) => name.endsWith('.js'))!,
        ),
        'utf8',
      );
      // The minifier quotes strings with backticks.
      expect(bundle).toContain('"data-forge-loc":`src/App.tsx:2:10:App`,');
      expect(bundle).toContain('{"data-forge-loc":`src/App.tsx:2:43:App`}');
      // React's own code is not the project's: nothing else carries a tag.
      expect(bundle.match(/data-forge-loc/g)).toHaveLength(3);

      // What the share's visitors get: the same script, valid, without one tag.
      const strip = (script: string) => text(Readable.from([Buffer.from(script)]).pipe(new SourceTagStripper()));
      const strippedBundle = await strip(bundle);
      expect(strippedBundle).not.toContain(SOURCE_TAG_ATTRIBUTE);
      expect(strippedBundle).toContain('{className:`big`,children:`Hi`}');
      const strippedDev = await strip(dev.code);
      // Only the user's own attribute of that name is left: its value is not one the plugin writes.
      expect(strippedDev.match(/"data-forge-loc.*/g)).toEqual([`"data-forge-loc": "the user's own" }, void 0, false, {`]);
      for (const script of [strippedBundle, strippedDev]) expect(() => parseAst(script, { lang: 'js' })).not.toThrow();
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }, 60_000);
});
