import { describe, expect, it } from '@jest/globals';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('accepts paths on this site', () => {
    expect(safeRedirect('/')).toBe('/');
    expect(safeRedirect('/projects')).toBe('/projects');
    expect(safeRedirect('/project/my-app?tab=files')).toBe('/project/my-app?tab=files');
  });

  it('refuses anything that could leave the site', () => {
    for (const value of ['https://evil.example', '//evil.example', '/\\evil.example', 'projects', '', '/a\nb']) {
      expect(safeRedirect(value)).toBeUndefined();
    }
  });

  it('refuses non-strings', () => {
    expect(safeRedirect(undefined)).toBeUndefined();
    expect(safeRedirect(42)).toBeUndefined();
    expect(safeRedirect(['/projects'])).toBeUndefined();
  });
});
