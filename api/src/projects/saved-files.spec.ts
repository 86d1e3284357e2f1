import { describe, expect, it } from '@jest/globals';
import { decodeSavedFiles } from './saved-files.js';

describe('decodeSavedFiles', () => {
  it('keeps text as given and decodes base64 to the exact bytes, padded or not', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);
    const sut = await decodeSavedFiles({
      'src/App.tsx': 'export {};\n',
      'public/logo.png': { base64: bytes.toString('base64') },
      'public/unpadded.bin': { base64: bytes.toString('base64').replace(/=+$/, '') },
      'public/empty.bin': { base64: '' },
    });
    expect(sut.get('src/App.tsx')).toBe('export {};\n');
    expect(sut.get('public/logo.png')).toEqual(bytes);
    expect(sut.get('public/unpadded.bin')).toEqual(bytes);
    expect(sut.get('public/empty.bin')).toEqual(Buffer.alloc(0));
  });

  it('decodes contents larger than one slice whole', async () => {
    const bytes = Buffer.alloc(7 * 1024 * 1024 + 5);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 256;
    const sut = await decodeSavedFiles({ 'public/video.mp4': { base64: bytes.toString('base64') } });
    expect((sut.get('public/video.mp4') as Buffer).equals(bytes)).toBe(true);
  });

  it('refuses content that is not base64, naming the file', async () => {
    await expect(decodeSavedFiles({ 'public/logo.png': { base64: 'not base64!' } })).rejects.toThrow('The content of "public/logo.png" is not valid base64');
    await expect(decodeSavedFiles({ 'a.bin': { base64: 'QUJDR' } })).rejects.toThrow('"a.bin" is not valid base64');
  });
});
