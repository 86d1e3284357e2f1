import { useCodeTheme } from '@/store/code-theme';
import { CODE_THEME_STYLES } from './theme-styles';

/** Injects only the chosen Prism theme, so switching themes never leaves two stylesheets fighting. */
export function CodeThemeStyle() {
  const theme = useCodeTheme();
  return <style data-code-theme={theme}>{CODE_THEME_STYLES[theme].css}</style>;
}
