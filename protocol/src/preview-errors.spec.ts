import { describe, expect, it } from '@jest/globals';
import { PREVIEW_ERROR_SOURCE, readPreviewErrorMessage } from './preview-errors.js';

describe('readPreviewErrorMessage', () => {
  it('reads a report of the injected script', () => {
    expect(readPreviewErrorMessage({ source: PREVIEW_ERROR_SOURCE, type: 'runtime-error', error: { message: 'TypeError: x is undefined', file: '/assets/index.js', line: 3, stack: 'at f' } })).toEqual(
      {
        message: 'TypeError: x is undefined',
        file: '/assets/index.js',
        line: 3,
        stack: 'at f',
      },
    );
  });

  it('ignores anything else a page may post, and cuts what is too long', () => {
    expect(readPreviewErrorMessage('hello')).toBeNull();
    expect(readPreviewErrorMessage({ source: 'other', type: 'runtime-error', error: { message: 'x' } })).toBeNull();
    expect(readPreviewErrorMessage({ source: PREVIEW_ERROR_SOURCE, type: 'runtime-error', error: { message: '  ' } })).toBeNull();
    const long = readPreviewErrorMessage({ source: PREVIEW_ERROR_SOURCE, type: 'runtime-error', error: { message: 'x'.repeat(5000), line: -1 } });
    expect(long).toEqual({ message: 'x'.repeat(2000), file: null, line: null, stack: null });
  });
});
