import { beforeEach, describe, expect, it } from '@jest/globals';
import { CODE_THEMES, CODE_THEME_STORAGE_KEY, codeThemeState, readStoredCodeTheme, setCodeTheme } from './code-theme';

describe('code theme', () => {
  beforeEach(() => localStorage.clear());

  it('offers the eight spec themes', () => {
    expect(CODE_THEMES.map((theme) => theme.label)).toEqual(['Default', 'Dark', 'Funky', 'Okaidia', 'Twilight', 'Coy', 'Solarized Light', 'Tomorrow']);
  });

  it('defaults to Tomorrow, also for unknown stored values', () => {
    expect(readStoredCodeTheme()).toBe('tomorrow');
    localStorage.setItem(CODE_THEME_STORAGE_KEY, 'neon');
    expect(readStoredCodeTheme()).toBe('tomorrow');
  });

  it('persists the choice under "code-theme"', () => {
    setCodeTheme('okaidia');
    expect(codeThemeState.theme).toBe('okaidia');
    expect(localStorage.getItem('code-theme')).toBe('okaidia');
    expect(readStoredCodeTheme()).toBe('okaidia');
  });
});
