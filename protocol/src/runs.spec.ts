import { describe, expect, it } from '@jest/globals';
import { levelOfLine } from './runs.js';

describe('levelOfLine', () => {
  it('marks success first, by ✅, "successful" or 🎉', () => {
    expect(levelOfLine('✅ Updated src/App.tsx')).toBe('success');
    expect(levelOfLine('🎉 Done')).toBe('success');
    expect(levelOfLine('Compilation successful')).toBe('success');
    expect(levelOfLine('✅ Fixed the Error in App.tsx')).toBe('success');
  });

  it('marks failure by ❌, ⚠️, "failed" or "Error"', () => {
    expect(levelOfLine('npm ERR! failed')).toBe('error');
    expect(levelOfLine('TypeError: x')).toBe('error');
    expect(levelOfLine('⚠️ warning')).toBe('error');
    expect(levelOfLine('❌ Could not write file')).toBe('error');
  });

  it('leaves every other line as info', () => {
    expect(levelOfLine('Installing')).toBe('info');
    expect(levelOfLine('')).toBe('info');
  });
});
