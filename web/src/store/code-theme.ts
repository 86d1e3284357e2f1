import { proxy, useSnapshot } from 'valtio';
import { DEFAULT_CODE_THEME } from '@/lib/ui-timing';

export const CODE_THEME_STORAGE_KEY = 'code-theme';

/** The eight syntax themes the code viewer offers. */
export const CODE_THEMES = [
  { id: 'default', label: 'Default' },
  { id: 'dark', label: 'Dark' },
  { id: 'funky', label: 'Funky' },
  { id: 'okaidia', label: 'Okaidia' },
  { id: 'twilight', label: 'Twilight' },
  { id: 'coy', label: 'Coy' },
  { id: 'solarizedlight', label: 'Solarized Light' },
  { id: 'tomorrow', label: 'Tomorrow' },
] as const;

export type CodeThemeId = (typeof CODE_THEMES)[number]['id'];

export function isCodeThemeId(value: unknown): value is CodeThemeId {
  return CODE_THEMES.some((theme) => theme.id === value);
}

const FALLBACK_THEME: CodeThemeId = isCodeThemeId(DEFAULT_CODE_THEME) ? DEFAULT_CODE_THEME : 'tomorrow';

export function readStoredCodeTheme(): CodeThemeId {
  try {
    const stored = globalThis.localStorage?.getItem(CODE_THEME_STORAGE_KEY);
    return isCodeThemeId(stored) ? stored : FALLBACK_THEME;
  } catch {
    // Storage can be blocked (private mode, sandboxed frames): the default still works.
    return FALLBACK_THEME;
  }
}

/** A user preference, not workspace data: one for the whole app, shared by the selector and every viewer. */
export const codeThemeState = proxy<{ theme: CodeThemeId }>({ theme: readStoredCodeTheme() });

export function setCodeTheme(theme: CodeThemeId): void {
  codeThemeState.theme = theme;
  try {
    globalThis.localStorage?.setItem(CODE_THEME_STORAGE_KEY, theme);
  } catch {
    // Not persisted, but the choice still applies to this visit.
  }
}

export function useCodeTheme(): CodeThemeId {
  return useSnapshot(codeThemeState).theme;
}
