import { describe, expect, it } from '@jest/globals';
import { fileFolderConflict, isSafeProjectPath, unsafePathReason } from './paths.js';

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
    [`src/${'x'.repeat(256)}.ts`, 'a path segment longer than 255 bytes'],
    [`${'é'.repeat(128)}`, 'a path segment longer than 255 bytes'],
  ])('refuses %j (%s)', (path, reason) => {
    expect(unsafePathReason(path)).toBe(reason);
  });

  it('finds a path that would be both a file and a folder', () => {
    expect(fileFolderConflict(['src/a.ts', 'src/b/c.ts', 'README.md'])).toBeNull();
    expect(fileFolderConflict(['a', 'a/b'])).toBe('"a" cannot be both a file and the folder of "a/b"');
    expect(fileFolderConflict(['x/y/z.ts', 'x/y'])).toBe('"x/y" cannot be both a file and the folder of "x/y/z.ts"');
    expect(fileFolderConflict(['ab', 'a/b'])).toBeNull();
  });
});
