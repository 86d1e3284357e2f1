import { describe, expect, it } from '@jest/globals';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { fileAnswer, jsonContent } from './file-answer.js';

describe('jsonContent', () => {
  it('gives exactly what JSON.stringify gives, whatever the chunks cut (multi-byte characters, escapes)', async () => {
    const content = 'const s = "ünïcödé ✓ 😀";\n\tline\\two\r\n\u0001 </script>';
    const bytes = Buffer.from(content);
    for (let size = 1; size <= bytes.length; size++) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect(await text(Readable.from(jsonContent(Readable.from(chunks))))).toBe(JSON.stringify({ content }));
    }
  });

  it('answers an empty file as empty content', async () => {
    expect(await text(Readable.from(jsonContent(Readable.from([]))))).toBe('{"content":""}');
  });
});

describe('fileAnswer', () => {
  it('answers a binary file with its bytes, its media type and its length', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff]);
    const sut = fileAnswer({ path: 'public/logo.png', sizeBytes: bytes.length, binary: true }, Readable.from([bytes]));
    expect(sut.getHeaders()).toMatchObject({ type: 'image/png', length: bytes.length });
    expect(Buffer.concat(await sut.getStream().toArray())).toEqual(bytes);
  });

  it('answers a text file with the spec JSON', async () => {
    const sut = fileAnswer({ path: 'index.html', sizeBytes: 6, binary: false }, Readable.from([Buffer.from('<p>hi</p>')]));
    expect(sut.getHeaders().type).toBe('application/json; charset=utf-8');
    expect(JSON.parse(await text(sut.getStream()))).toEqual({ content: '<p>hi</p>' });
  });

  it('serves binary files a browser would run (HTML, SVG) as downloads only', () => {
    expect(fileAnswer({ path: 'page.html', sizeBytes: 1, binary: true }, Readable.from([Buffer.from([0xff])])).getHeaders().type).toBe('application/octet-stream');
    expect(fileAnswer({ path: 'icon.svg', sizeBytes: 1, binary: true }, Readable.from([Buffer.from([0xff])])).getHeaders().type).toBe('application/octet-stream');
  });
});
