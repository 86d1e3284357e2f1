import { describe, expect, it } from '@jest/globals';
import { hasDiffMarkers, parseDiffMarkers } from './diff-markers';

describe('parseDiffMarkers', () => {
  it('returns plain text untouched', () => {
    expect(parseDiffMarkers('Building project...')).toEqual([{ kind: 'text', text: 'Building project...' }]);
    expect(parseDiffMarkers('')).toEqual([]);
    expect(hasDiffMarkers('no markers here')).toBe(false);
  });

  it('splits removed and added markers from the text around them', () => {
    expect(parseDiffMarkers('Fixed import: [-./Header-]{+./components/Header+} in App.tsx')).toEqual([
      { kind: 'text', text: 'Fixed import: ' },
      { kind: 'removed', text: './Header' },
      { kind: 'added', text: './components/Header' },
      { kind: 'text', text: ' in App.tsx' },
    ]);
  });

  it('handles markers at both ends and across lines', () => {
    expect(parseDiffMarkers('{+a\nb+}x[-c-]')).toEqual([
      { kind: 'added', text: 'a\nb' },
      { kind: 'text', text: 'x' },
      { kind: 'removed', text: 'c' },
    ]);
  });

  it('leaves unclosed or empty markers as plain text or drops them', () => {
    expect(parseDiffMarkers('array[-1] and {+open')).toEqual([{ kind: 'text', text: 'array[-1] and {+open' }]);
    expect(parseDiffMarkers('a[--]b')).toEqual([{ kind: 'text', text: 'ab' }]);
    expect(hasDiffMarkers('x {+y+}')).toBe(true);
  });
});
