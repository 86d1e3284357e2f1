import { describe, expect, it } from '@jest/globals';
import { originalPosition, projectSource } from './source-maps.js';

describe('originalPosition', () => {
  // Line 1: column 0 from vendor.js line 1; column 10 from App.tsx line 1. Line 2: column 4 from App.tsx line 3.
  const map = { version: 3, sources: ['../node_modules/react/index.js', '../../src/App.tsx'], mappings: 'AAAA,UCAA;IAEA' };

  it('finds the source line of a generated line and column (1-based, as stacks print them)', () => {
    expect(originalPosition(map, 1, 1)).toEqual({ source: '../node_modules/react/index.js', line: 1 });
    expect(originalPosition(map, 1, 11)).toEqual({ source: '../../src/App.tsx', line: 1 });
    expect(originalPosition(map, 1, 500)).toEqual({ source: '../../src/App.tsx', line: 1 });
    expect(originalPosition(map, 2, 5)).toEqual({ source: '../../src/App.tsx', line: 3 });
  });

  it('answers null where the map says nothing', () => {
    expect(originalPosition(map, 2, 1)).toBeNull();
    expect(originalPosition(map, 9, 1)).toBeNull();
    expect(originalPosition({ ...map, version: 2 }, 1, 1)).toBeNull();
  });
});

describe('projectSource', () => {
  it('makes project files relative and leaves dependencies out', () => {
    expect(projectSource('../../src/App.tsx')).toBe('src/App.tsx');
    expect(projectSource('/src/pages/Home.tsx')).toBe('src/pages/Home.tsx');
    expect(projectSource('../node_modules/react-dom/cjs/react-dom.js')).toBeNull();
    expect(projectSource('\0vite/preload-helper')).toBeNull();
  });
});
