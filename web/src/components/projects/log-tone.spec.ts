import { describe, expect, it } from '@jest/globals';
import { logTone } from './log-tone';

describe('logTone', () => {
  it('marks success lines', () => {
    expect(logTone('✅ Updated src/App.tsx')).toBe('success');
    expect(logTone('Build successful')).toBe('success');
    expect(logTone('Done 🎉')).toBe('success');
  });

  it('marks failure lines', () => {
    expect(logTone('❌ Could not write file')).toBe('error');
    expect(logTone('⚠️ Skipped a file')).toBe('error');
    expect(logTone('Type check failed')).toBe('error');
    expect(logTone('TypeError: x is undefined')).toBe('error');
  });

  it('treats everything else as info', () => {
    expect(logTone('Reading project files...')).toBe('info');
  });
});
