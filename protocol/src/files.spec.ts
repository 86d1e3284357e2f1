import { describe, expect, it } from '@jest/globals';
import { isBase64Content, isTextFileAnswer } from './files.js';

describe('file answers and saved contents', () => {
  it("tells a text file's JSON from a binary file's bytes by the answer's type", () => {
    expect(isTextFileAnswer('application/json; charset=utf-8')).toBe(true);
    expect(isTextFileAnswer('Application/JSON')).toBe(true);
    expect(isTextFileAnswer('image/png')).toBe(false);
    expect(isTextFileAnswer('application/octet-stream')).toBe(false);
    expect(isTextFileAnswer(null)).toBe(false);
  });

  it('tells a binary file of a save from text', () => {
    expect(isBase64Content({ base64: 'AAAA' })).toBe(true);
    expect(isBase64Content('plain text')).toBe(false);
  });
});
