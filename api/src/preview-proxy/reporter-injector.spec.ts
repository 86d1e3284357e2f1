import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from '@jest/globals';
import { HeldPages, MAX_HELD_PER_PAGE, ReporterInjector } from './reporter-injector.js';

const SCRIPT = Buffer.from('<s>');

function setup() {
  const held = new HeldPages();
  return { held, sut: () => new ReporterInjector(SCRIPT, held) };
}

/** The page, sent in these chunks through an injector. */
async function inject(...chunks: string[]): Promise<string> {
  const { held, sut } = setup();
  const page = await text(Readable.from(chunks.map((chunk) => Buffer.from(chunk))).pipe(sut()));
  expect(held.bytes).toBe(0);
  return page;
}

describe('ReporterInjector', () => {
  it('goes first in the head, after a doctype, or first of all', async () => {
    expect(await inject('<!doctype html><html><head lang="en"><title>x</title></head></html>')).toBe('<!doctype html><html><head lang="en"><s><title>x</title></head></html>');
    expect(await inject('<!DOCTYPE html><body>hi</body>')).toBe('<!DOCTYPE html><s><body>hi</body>');
    expect(await inject('<h1>hi</h1>')).toBe('<s><h1>hi</h1>');
    // <header> is not <head>.
    expect(await inject('<header>x</header>')).toBe('<s><header>x</header>');
    expect(await inject('')).toBe('<s>');
  });

  it('finds a head tag split across chunks, wherever it is cut', async () => {
    const page = '<!doctype html><html><HEAD data-x="1"><title>x</title></HEAD><body>é</body></html>';
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut++) {
      const { sut } = setup();
      const out = await text(Readable.from([bytes.subarray(0, cut), bytes.subarray(cut)]).pipe(sut()));
      expect(out).toBe(page.replace('<HEAD data-x="1">', '<HEAD data-x="1"><s>'));
    }
    expect(await inject('<', 'h', 'e', 'a', 'd', '>', '<title>one byte at a time</title>')).toBe('<head><s><title>one byte at a time</title>');
  });

  it('holds at most its limit of a page without a head, then passes the rest as it comes', async () => {
    const { held, sut } = setup();
    const injector = sut();
    const out: Buffer[] = [];
    injector.on('data', (chunk: Buffer) => out.push(chunk));
    const chunk = Buffer.from('<p>'.padEnd(1024, 'x'));
    injector.write(Buffer.from('<!doctype html>'));
    for (let i = 0; i < 64; i++) {
      injector.write(chunk);
      await new Promise((resolve) => setImmediate(resolve));
      expect(held.bytes).toBeLessThanOrEqual(MAX_HELD_PER_PAGE);
    }
    // Past the limit the reporter went in after the doctype, and what came after has passed on.
    expect(held.bytes).toBe(0);
    expect(Buffer.concat(out).toString().startsWith('<!doctype html><s><p>x')).toBe(true);
    injector.end();
    await new Promise((resolve) => injector.once('end', resolve));
    expect(Buffer.concat(out).length).toBe(15 + SCRIPT.length + 64 * 1024);
  });

  it('lets go of what it held when the page is abandoned', async () => {
    const { held, sut } = setup();
    const injector = sut();
    injector.write(Buffer.from('<!doctype html><html><he'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(held.bytes).toBeGreaterThan(0);
    injector.destroy();
    expect(held.bytes).toBe(0);
  });
});
