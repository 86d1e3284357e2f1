import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from '@jest/globals';
import { SourceTagStripper, isScriptResponse } from './source-tag-stripper.js';

function setup() {
  return { sut: () => new SourceTagStripper() };
}

/** The script, sent in these chunks through a stripper. */
async function strip(...chunks: Array<string | Buffer>): Promise<string> {
  const { sut } = setup();
  return (await buffer(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(sut()))).toString();
}

// What the sandbox's builds make of a tagged element: the minified build quotes with backticks, the dev server with double quotes.
const BUILT = 'x(`main`,{"data-forge-loc":`src/App.tsx:2:10:App`,className:`big`}),x(`hr`,{"data-forge-loc":`src/App.tsx:2:43:App`});';
const BUILT_CLEAN = 'x(`main`,{className:`big`}),x(`hr`,{});';
const DEV = '_jsxDEV("h1", { "data-forge-loc": "src/components/Hero.tsx:7:7:Hero", className: "t", children: "é😀" });';
// The space after the comma stays: whitespace, harmless.
const DEV_CLEAN = '_jsxDEV("h1", {  className: "t", children: "é😀" });';

describe('SourceTagStripper', () => {
  it('takes out every tag with its comma, in the minified and the dev server forms', async () => {
    expect(await strip(BUILT)).toBe(BUILT_CLEAN);
    expect(await strip(DEV)).toBe(DEV_CLEAN);
    expect(await strip('')).toBe('');
    expect(await strip('no tags here')).toBe('no tags here');
  });

  it('finds a tag cut by a chunk boundary, wherever it is cut, and keeps every byte around it', async () => {
    const script = Buffer.from(BUILT + DEV);
    for (let cut = 1; cut < script.length; cut++) {
      expect(await strip(script.subarray(0, cut), script.subarray(cut))).toBe(BUILT_CLEAN + DEV_CLEAN);
    }
    expect(await strip(...[...script].map((byte) => Buffer.from([byte])))).toBe(BUILT_CLEAN + DEV_CLEAN);
  });

  it('waits for what follows a tag before taking it out: a comma in the next chunk goes with it', async () => {
    const tag = '{"data-forge-loc":`src/App.tsx:1:1`';
    expect(await strip(tag, ',a:1}')).toBe('{a:1}');
    expect(await strip(tag, '}')).toBe('{}');
    // At the very end nothing more comes.
    expect(await strip(tag)).toBe('{');
  });

  it('leaves what the plugin never writes: values with quotes or escapes, runs too long to be a tag, other keys', async () => {
    const kept = [
      `{"data-forge-loc":"the user's own",a:1}`,
      '{"data-forge-loc":"a\\"b",a:1}',
      `{"data-forge-loc":"${'x'.repeat(800)}",a:1}`,
      '{"data-forge-location":"src/a.tsx:1:1",a:1}',
      '{"data-forge-loc":`src/a.tsx:1:1",a:1}',
      'document.querySelector("[data-forge-loc]")',
    ];
    for (const script of kept) expect(await strip(script)).toBe(script);
  });

  it('holds no more than a tag-sized window of a long script', () => {
    const { sut } = setup();
    const stripper = sut();
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let out = 0;
    stripper.on('data', (data: Buffer) => (out += data.length));
    for (let i = 1; i <= 100; i++) {
      stripper.write(chunk);
      expect(i * chunk.length - out).toBeLessThan(1024);
    }
    stripper.end();
  });

  it('knows script responses by their content type', () => {
    for (const type of ['text/javascript', 'application/javascript; charset=utf-8', 'text/ecmascript', 'application/x-javascript']) expect(isScriptResponse(type)).toBe(true);
    for (const type of ['text/html', 'application/json', 'text/css', undefined, 'application/javascriptx']) expect(isScriptResponse(type)).toBe(false);
  });
});
