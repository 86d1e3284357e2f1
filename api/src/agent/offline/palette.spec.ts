import { describe, expect, it } from '@jest/globals';
import { buildPalette, contrastRatio, extractColorHints, mix, normalizeHex, type PaletteSeed } from './palette.js';

const DEFAULTS: PaletteSeed = { primary: '#4f46e5', accent: '#f59e0b', scheme: 'light' };

describe('buildPalette', () => {
  it('uses the defaults when the description asks for nothing', () => {
    const palette = buildPalette(DEFAULTS, {});
    expect(palette).toMatchObject({ scheme: 'light', primary: '#4f46e5', accent: '#f59e0b', surface: '#ffffff' });
  });

  it('puts the asked-for colours first and derives an accent for a lone primary', () => {
    const palette = buildPalette(DEFAULTS, { primary: '#16a34a' });
    expect(palette.primary).toBe('#16a34a');
    expect(palette.accent).not.toBe(DEFAULTS.accent);
  });

  it('switches scheme and applies moods and background tints', () => {
    expect(buildPalette(DEFAULTS, { scheme: 'dark' }).scheme).toBe('dark');
    expect(buildPalette(DEFAULTS, { mood: 'ocean' }).primary).toBe('#0369a1');
    expect(buildPalette(DEFAULTS, { background: '#fffdd0' }).background).toBe('#fffdd0');
  });

  it.each([
    ['yellow on light', { primary: '#eab308' }],
    ['white-ish on light', { primary: '#f5deb3' }],
    ['navy on dark', { primary: '#1e3a8a', scheme: 'dark' as const }],
    ['neon', { mood: 'neon' }],
    ['luxury', { mood: 'luxury' }],
  ])('keeps text readable: %s', (_name, hints) => {
    const palette = buildPalette(DEFAULTS, hints);
    expect(contrastRatio(palette.text, palette.background)).toBeGreaterThanOrEqual(7);
    expect(contrastRatio(palette.muted, palette.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(palette.primaryText, palette.surface)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(palette.onPrimary, palette.primary)).toBeGreaterThanOrEqual(3);
    for (const value of Object.values(palette).filter((v) => v.startsWith('#'))) expect(value).toMatch(/^#[0-9a-f]{6}$/);
  });
});

describe('colour helpers', () => {
  it('normalises hex codes', () => {
    expect(normalizeHex('#ABC')).toBe('#aabbcc');
    expect(() => normalizeHex('#12')).toThrow();
  });

  it('mixes colours', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mix('#123456', '#ffffff', 0)).toBe('#123456');
  });

  it('shades a colour word that CSS does not name', () => {
    const hints = extractColorHints('deep purple');
    expect(hints.primary).toBeDefined();
    expect(hints.primary).not.toBe('#9333ea');
  });
});
