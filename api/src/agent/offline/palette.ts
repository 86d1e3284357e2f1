import { colorWordToHex } from './color-names.js';

/** The colours a generated project's CSS variables are made from; all `#rrggbb`. */
export interface Palette {
  scheme: 'light' | 'dark';
  primary: string;
  /** Text on a primary-coloured surface. */
  onPrimary: string;
  /** The primary colour adjusted to be readable as text on the background. */
  primaryText: string;
  /** A faint primary tint for selected rows, badges and hovers. */
  primarySoft: string;
  accent: string;
  background: string;
  surface: string;
  surfaceAlt: string;
  text: string;
  muted: string;
  border: string;
}

export interface PaletteSeed {
  primary: string;
  accent: string;
  scheme: 'light' | 'dark';
  /** A light background tint asked for ("cream", "ivory"); light scheme only. */
  background?: string;
}

/** What a description says about colour; everything optional. */
export interface ColorHints {
  primary?: string;
  accent?: string;
  scheme?: 'light' | 'dark';
  background?: string;
  /** The mood word that set a preset ("ocean", "warm"), if any. */
  mood?: string;
}

const MOOD_PRESETS: Readonly<Record<string, PaletteSeed>> = {
  warm: { primary: '#c2410c', accent: '#d97706', scheme: 'light', background: '#fffaf3' },
  cozy: { primary: '#b45309', accent: '#9f1239', scheme: 'light', background: '#fdf8f1' },
  earthy: { primary: '#92400e', accent: '#4d7c0f', scheme: 'light', background: '#faf7f2' },
  ocean: { primary: '#0369a1', accent: '#0891b2', scheme: 'light', background: '#f4f9fd' },
  forest: { primary: '#166534', accent: '#a16207', scheme: 'light', background: '#f6faf5' },
  nature: { primary: '#15803d', accent: '#65a30d', scheme: 'light', background: '#f7faf4' },
  sunset: { primary: '#e11d48', accent: '#f97316', scheme: 'light', background: '#fff8f5' },
  pastel: { primary: '#8b5cf6', accent: '#ec4899', scheme: 'light', background: '#fcfaff' },
  playful: { primary: '#db2777', accent: '#f59e0b', scheme: 'light', background: '#fffafc' },
  cool: { primary: '#4f46e5', accent: '#0ea5e9', scheme: 'light' },
  calm: { primary: '#0f766e', accent: '#6366f1', scheme: 'light', background: '#f6fbfa' },
  royal: { primary: '#4338ca', accent: '#ca8a04', scheme: 'light' },
  luxury: { primary: '#b08d57', accent: '#d4af37', scheme: 'dark' },
  elegant: { primary: '#7c5c3b', accent: '#a8a29e', scheme: 'light', background: '#fbfaf8' },
  minimal: { primary: '#18181b', accent: '#71717a', scheme: 'light', background: '#ffffff' },
  monochrome: { primary: '#27272a', accent: '#71717a', scheme: 'light', background: '#ffffff' },
  neon: { primary: '#22d3ee', accent: '#e879f9', scheme: 'dark' },
  cyberpunk: { primary: '#f0abfc', accent: '#22d3ee', scheme: 'dark' },
  retro: { primary: '#d9480f', accent: '#0b7285', scheme: 'light', background: '#fdf6e3' },
  corporate: { primary: '#1d4ed8', accent: '#0f766e', scheme: 'light' },
  professional: { primary: '#1e40af', accent: '#0e7490', scheme: 'light' },
  vibrant: { primary: '#7c3aed', accent: '#f43f5e', scheme: 'light' },
};

const MOOD_ALIASES: Readonly<Record<string, string>> = {
  cosy: 'cozy',
  earth: 'earthy',
  sea: 'ocean',
  beach: 'ocean',
  marine: 'ocean',
  woodland: 'forest',
  natural: 'nature',
  organic: 'nature',
  pastels: 'pastel',
  fun: 'playful',
  calming: 'calm',
  serene: 'calm',
  luxurious: 'luxury',
  minimalist: 'minimal',
  minimalistic: 'minimal',
  vintage: 'retro',
  futuristic: 'neon',
  colorful: 'vibrant',
  colourful: 'vibrant',
};

const DARK_WORDS = new Set(['dark', 'night', 'midnight', 'moody', 'noir']);
const LIGHT_WORDS = new Set(['light', 'bright', 'airy']);
const SHADE_WORDS = new Set(['dark', 'deep', 'light', 'pale', 'soft', 'bright']);

/**
 * Reads colour wishes from a description: hex codes and colour words in order of appearance
 * (first is primary, second accent), shade words ("dark blue"), schemes ("dark mode") and moods
 * ("warm", "ocean"). Very light colours become a background tint, near-black ones a dark scheme.
 */
export function extractColorHints(description: string): ColorHints {
  const hints: ColorHints = {};
  const chromatic: string[] = [];
  const tokens = [...description.toLowerCase().matchAll(/#[0-9a-f]{6}\b|#[0-9a-f]{3}\b|[a-z]+/g)].map((m) => m[0]);

  const takeColor = (hex: string) => {
    const luminance = relativeLuminance(hex);
    if (luminance > 0.8) {
      hints.background ??= hex;
      hints.scheme ??= 'light';
    } else if (luminance < 0.02) {
      hints.scheme ??= 'dark';
    } else if (!chromatic.includes(hex)) {
      chromatic.push(hex);
    }
  };

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const next = tokens[i + 1];
    if (token.startsWith('#')) {
      takeColor(normalizeHex(token));
      continue;
    }
    // Two words naming one colour: "royal blue", "forest green", "dark purple".
    const joined = next ? colorWordToHex(token + next) : undefined;
    if (joined) {
      takeColor(joined);
      i++;
      continue;
    }
    const shaded = next ? colorWordToHex(next) : undefined;
    if (SHADE_WORDS.has(token) && shaded) {
      takeColor(token === 'dark' || token === 'deep' ? mix(shaded, '#000000', 0.35) : mix(shaded, '#ffffff', 0.3));
      i++;
      continue;
    }
    const named = colorWordToHex(token);
    if (named) {
      takeColor(named);
      continue;
    }
    if (DARK_WORDS.has(token)) hints.scheme ??= 'dark';
    else if (LIGHT_WORDS.has(token) && (next === 'mode' || next === 'theme')) hints.scheme ??= 'light';
    const mood = MOOD_PRESETS[token] ? token : MOOD_ALIASES[token];
    if (mood && !hints.mood) hints.mood = mood;
  }

  if (chromatic[0]) hints.primary = chromatic[0];
  if (chromatic[1]) hints.accent = chromatic[1];
  return hints;
}

/** A blueprint's default colours, overridden by what the description asked for. */
export function buildPalette(defaults: PaletteSeed, hints: ColorHints): Palette {
  const mood = hints.mood ? MOOD_PRESETS[hints.mood] : undefined;
  const seed: PaletteSeed = { ...defaults, ...mood };
  if (mood && !mood.background) delete seed.background;
  if (hints.primary) {
    seed.primary = hints.primary;
    // A single named colour keeps the mood's accent, or derives one that sits well beside it.
    seed.accent = hints.accent ?? mood?.accent ?? rotateHue(hints.primary, 35);
  } else if (hints.accent) {
    seed.accent = hints.accent;
  }
  if (hints.scheme) seed.scheme = hints.scheme;
  if (hints.background) seed.background = hints.background;
  return seed.scheme === 'dark' ? darkPalette(seed) : lightPalette(seed);
}

function lightPalette(seed: PaletteSeed): Palette {
  const background = seed.background ?? mix('#ffffff', seed.primary, 0.025);
  const text = '#111827';
  return {
    scheme: 'light',
    primary: seed.primary,
    onPrimary: readableOn(seed.primary),
    primaryText: ensureContrast(seed.primary, background, 4.5),
    primarySoft: mix(background, seed.primary, 0.1),
    accent: seed.accent,
    background,
    surface: '#ffffff',
    surfaceAlt: mix(background, seed.primary, 0.045),
    text,
    muted: ensureContrast('#5b6473', background, 4.5),
    border: mix(background, '#475569', 0.16),
  };
}

function darkPalette(seed: PaletteSeed): Palette {
  const background = mix('#0b0d12', seed.primary, 0.04);
  const surface = mix('#141821', seed.primary, 0.04);
  return {
    scheme: 'dark',
    primary: seed.primary,
    onPrimary: readableOn(seed.primary),
    primaryText: ensureContrast(seed.primary, surface, 4.5),
    primarySoft: mix(surface, seed.primary, 0.18),
    accent: seed.accent,
    background,
    surface,
    surfaceAlt: mix(surface, '#ffffff', 0.04),
    text: '#e8eaf0',
    muted: '#9ba3b4',
    border: mix(surface, '#ffffff', 0.1),
  };
}

export function normalizeHex(hex: string): string {
  const body = hex.replace('#', '').toLowerCase();
  const full = body.length === 3 ? [...body].map((c) => c + c).join('') : body;
  if (!/^[0-9a-f]{6}$/.test(full)) throw new Error(`Not a hex colour: ${hex}`);
  return `#${full}`;
}

function toRgb(hex: string): [number, number, number] {
  const n = parseInt(normalizeHex(hex).slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** `amount` 0 gives `from`, 1 gives `to`. */
export function mix(from: string, to: string, amount: number): string {
  const a = toRgb(from);
  const b = toRgb(to);
  return toHex([a[0] + (b[0] - a[0]) * amount, a[1] + (b[1] - a[1]) * amount, a[2] + (b[2] - a[2]) * amount]);
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** White or near-black, whichever reads better on `background`. */
export function readableOn(background: string): string {
  return contrastRatio('#ffffff', background) >= contrastRatio('#111827', background) ? '#ffffff' : '#111827';
}

/** Moves `color` toward black or white (whichever the background is not) until it reads on it. */
export function ensureContrast(color: string, background: string, minimum: number): string {
  const target = relativeLuminance(background) > 0.4 ? '#000000' : '#ffffff';
  let adjusted = color;
  for (let step = 1; step <= 20 && contrastRatio(adjusted, background) < minimum; step++) {
    adjusted = mix(color, target, step * 0.05);
  }
  return adjusted;
}

export function rotateHue(hex: string, degrees: number): string {
  const [r, g, b] = toRgb(hex).map((v) => v / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  const delta = max - min;
  if (delta === 0) return hex;
  const saturation = delta / (1 - Math.abs(2 * lightness - 1));
  let hue = max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  hue = (hue * 60 + degrees + 360) % 360;
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const x = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const m = lightness - chroma / 2;
  const [r1, g1, b1] = hue < 60 ? [chroma, x, 0] : hue < 120 ? [x, chroma, 0] : hue < 180 ? [0, chroma, x] : hue < 240 ? [0, x, chroma] : hue < 300 ? [x, 0, chroma] : [chroma, 0, x];
  return toHex([(r1 + m) * 255, (g1 + m) * 255, (b1 + m) * 255]);
}
