import { describe, expect, it } from '@jest/globals';
import { isSafeProjectPath, unsafePathReason } from './paths.js';

describe('project paths', () => {
  it('accepts relative paths inside the project', () => {
    for (const p of ['src/App.tsx', 'package.json', '.env.example', 'a/b/c/d.ts', 'public/.well-known/x']) {
      expect(isSafeProjectPath(p)).toBe(true);
    }
  });

  it.each([
    ['../etc/passwd', 'path escapes the project'],
    ['src/../../x', 'path escapes the project'],
    ['/etc/passwd', 'absolute path'],
    ['C:/x', 'absolute path'],
    ['src\\App.tsx', 'backslash in path'],
    ['src/\0.ts', 'NUL character in path'],
    ['src//App.tsx', 'empty or "." path segment'],
    ['./src/App.tsx', 'empty or "." path segment'],
    ['', 'empty path'],
  ])('refuses %j (%s)', (path, reason) => {
    expect(unsafePathReason(path)).toBe(reason);
  });
});
