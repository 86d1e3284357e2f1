import { describe, expect, it } from '@jest/globals';
import { DEFAULT_PROJECT_NAME, INVALID_PROJECT_NAME_MESSAGE, PROJECT_NAME_TOO_LONG_MESSAGE, normalizeProjectName, projectNameError, projectNameFromFileName } from './project-name.js';

describe('project names', () => {
  it('accepts letters, numbers, hyphens and underscores', () => {
    for (const name of ['my-react-app', 'App_2', 'x', 'A-b_C-9']) expect(projectNameError(name)).toBeNull();
  });

  it('rejects anything else with the spec message', () => {
    for (const name of ['my app', '../etc', 'a/b', 'café', 'a.b', '', 'name!']) {
      expect(projectNameError(name)).toBe(INVALID_PROJECT_NAME_MESSAGE);
    }
  });

  it('rejects names longer than 64 characters', () => {
    expect(projectNameError('a'.repeat(64))).toBeNull();
    expect(projectNameError('a'.repeat(65))).toBe(PROJECT_NAME_TOO_LONG_MESSAGE);
  });

  it('defaults an empty name to my-react-app', () => {
    expect(normalizeProjectName('')).toBe(DEFAULT_PROJECT_NAME);
    expect(normalizeProjectName('   ')).toBe(DEFAULT_PROJECT_NAME);
    expect(normalizeProjectName(undefined)).toBe(DEFAULT_PROJECT_NAME);
    expect(normalizeProjectName(' shop ')).toBe('shop');
  });
});

describe('projectNameFromFileName', () => {
  it('makes a valid project name of an uploaded ZIP name', () => {
    expect(projectNameFromFileName('my-site.zip')).toBe('my-site');
    expect(projectNameFromFileName('My Site (1).ZIP')).toBe('My-Site-1');
    expect(projectNameError(projectNameFromFileName(`${'a b '.repeat(40)}.zip`))).toBeNull();
  });
});
