import coyCss from 'prismjs/themes/prism-coy.css?inline';
import darkCss from 'prismjs/themes/prism-dark.css?inline';
import funkyCss from 'prismjs/themes/prism-funky.css?inline';
import okaidiaCss from 'prismjs/themes/prism-okaidia.css?inline';
import solarizedLightCss from 'prismjs/themes/prism-solarizedlight.css?inline';
import tomorrowCss from 'prismjs/themes/prism-tomorrow.css?inline';
import twilightCss from 'prismjs/themes/prism-twilight.css?inline';
import defaultCss from 'prismjs/themes/prism.css?inline';
import type { CodeThemeId } from '@/store/code-theme';

export interface CodeThemeStyle {
  /** The theme's stylesheet, bundled (no CDN: the app must work offline and under a strict CSP). */
  css: string;
  /** The theme's block background, painted on the whole viewer so gutter and empty space match. */
  canvas: string;
  /** Whether the theme is light, so the chrome around it can adapt. */
  light: boolean;
}

export const CODE_THEME_STYLES: Record<CodeThemeId, CodeThemeStyle> = {
  default: { css: defaultCss, canvas: '#f5f2f0', light: true },
  dark: { css: darkCss, canvas: '#4c3f33', light: false },
  funky: { css: funkyCss, canvas: '#000000', light: false },
  okaidia: { css: okaidiaCss, canvas: '#272822', light: false },
  twilight: { css: twilightCss, canvas: '#141414', light: false },
  coy: { css: coyCss, canvas: '#fdfdfd', light: true },
  solarizedlight: { css: solarizedLightCss, canvas: '#fdf6e3', light: true },
  tomorrow: { css: tomorrowCss, canvas: '#2d2d2d', light: false },
};
