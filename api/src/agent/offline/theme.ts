// A palette as the v2 template's design tokens (the `--name: #hex;` lines of src/index.css), and
// the tokens that follow when one brand colour changes.
import { mix, type Palette, readableOn, rotateHue } from './palette.js';

/** The primary colour and the tokens made from it. */
export function primaryTokens(primary: string): Record<string, string> {
  return { primary, 'primary-foreground': readableOn(primary), ring: primary, 'chart-1': primary };
}

/** The accent colour and the tokens made from it. */
export function accentTokens(accent: string): Record<string, string> {
  return { accent, 'accent-foreground': readableOn(accent), 'chart-2': accent };
}

export function themeTokens(palette: Palette): Record<string, string> {
  const dark = palette.scheme === 'dark';
  return {
    background: palette.background,
    foreground: palette.text,
    card: palette.surface,
    'card-foreground': palette.text,
    popover: palette.surface,
    'popover-foreground': palette.text,
    ...primaryTokens(palette.primary),
    ...accentTokens(palette.accent),
    secondary: palette.primarySoft,
    'secondary-foreground': palette.text,
    muted: palette.surfaceAlt,
    'muted-foreground': palette.muted,
    destructive: dark ? '#f87171' : '#dc2626',
    success: dark ? '#4ade80' : '#15803d',
    warning: dark ? '#fbbf24' : '#b45309',
    border: palette.border,
    input: mix(palette.border, dark ? '#ffffff' : '#475569', 0.12),
    'chart-3': rotateHue(palette.primary, 140),
    'chart-4': rotateHue(palette.accent, 120),
    'chart-5': rotateHue(palette.primary, 220),
  };
}
