import { describe, expect, it } from '@jest/globals';
import { errorSignature } from './error-signature.js';

const error = (message: string, file: string | null = 'src/App.tsx', line = 2) => ({ file, line, column: 9, message });

describe('errorSignature', () => {
  it('is the same when only numbers moved', () => {
    expect(errorSignature('build', [error("Type 'number' is not assignable to type 'string'. (TS2322)", 'src/App.tsx', 2)], '')).toBe(
      errorSignature('build', [error("Type 'number' is not assignable to type 'string'. (TS2323)", 'src/App.tsx', 14)], ''),
    );
    expect(errorSignature('runtime', [error('GET /api/posts/12 answered 500', null)], '')).toBe(errorSignature('runtime', [error('GET /api/posts/7 answered 500', null)], ''));
  });

  it('differs by file, message, kind, and ignores order and repeats', () => {
    const a = error('TypeError: items is undefined');
    const b = error('The page rendered nothing', null);
    expect(errorSignature('runtime', [a], '')).not.toBe(errorSignature('runtime', [{ ...a, file: 'src/List.tsx' }], ''));
    expect(errorSignature('runtime', [a], '')).not.toBe(errorSignature('runtime', [error('TypeError: posts is undefined')], ''));
    expect(errorSignature('runtime', [a], '')).not.toBe(errorSignature('build', [a], ''));
    expect(errorSignature('runtime', [a, b, a], '')).toBe(errorSignature('runtime', [b, a], ''));
  });

  it('falls back to the summary when no error was recognised', () => {
    expect(errorSignature('build', [], 'The build failed with exit code 1')).toBe(errorSignature('build', [], 'The build failed with exit code 2'));
    expect(errorSignature('build', [], 'The app did not start')).not.toBe(errorSignature('build', [], 'The build failed with exit code 2'));
  });
});
