import { describe, expect, it } from '@jest/globals';
import {
  DEFAULT_PROJECT_NAME,
  INVALID_PROJECT_NAME_MESSAGE,
  PROJECT_NAME_MAX_LENGTH,
  PROJECT_NAME_TOO_LONG_MESSAGE,
  freeProjectName,
  normalizeProjectName,
  projectNameError,
  projectNameFromFileName,
} from './project-name.js';

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

describe('freeProjectName', () => {
  it('offers the first free numbered name, counting on from a trailing number', () => {
    expect(freeProjectName('crumb', ['crumb'])).toBe('crumb-2');
    expect(freeProjectName('crumb', ['crumb', 'crumb-2', 'CRUMB-3'])).toBe('crumb-4');
    expect(freeProjectName('crumb-2', ['crumb', 'crumb-2'])).toBe('crumb-3');
  });

  it('stays within the length limit and valid', () => {
    const long = 'a'.repeat(PROJECT_NAME_MAX_LENGTH);
    const free = freeProjectName(long, [long]);
    expect(free).toHaveLength(PROJECT_NAME_MAX_LENGTH);
    expect(free.endsWith('-2')).toBe(true);
    expect(projectNameError(free)).toBeNull();
  });
});

describe('projectNameFromFileName', () => {
  it('makes a valid project name of an uploaded ZIP name', () => {
    expect(projectNameFromFileName('my-site.zip')).toBe('my-site');
    expect(projectNameFromFileName('My Site (1).ZIP')).toBe('My-Site-1');
    expect(projectNameError(projectNameFromFileName(`${'a b '.repeat(40)}.zip`))).toBeNull();
  });
});
