import { describe, expect, it } from '@jest/globals';
import { ApiError } from '@/api/errors';
import { fileLoadErrorMessage, browserLoadProblem, statusText } from './load-errors';

describe('browserLoadProblem', () => {
  it('treats a 404 as not found', () => {
    expect(browserLoadProblem(new ApiError(404, 'Not Found', '{"error":"Project not found"}'))).toEqual({ kind: 'not-found' });
  });

  it('reports other error responses as failed file loads', () => {
    expect(browserLoadProblem(new ApiError(500, 'Internal Server Error', ''))).toEqual({
      kind: 'error',
      message: 'Failed to load project files',
    });
  });

  it('shows a thrown exception by its message, else a generic one', () => {
    expect(browserLoadProblem(new TypeError('Failed to fetch'))).toEqual({ kind: 'error', message: 'Failed to fetch' });
    expect(browserLoadProblem('weird')).toEqual({ kind: 'error', message: 'An unexpected error occurred' });
    expect(browserLoadProblem(new Error(''))).toEqual({ kind: 'error', message: 'An unexpected error occurred' });
  });
});

describe('fileLoadErrorMessage', () => {
  it('names the status text of an error response', () => {
    expect(fileLoadErrorMessage(new ApiError(404, '', ''))).toBe('Failed to load file: Not Found');
    expect(fileLoadErrorMessage(new ApiError(500, '', 'oops'))).toBe('Failed to load file: Internal Server Error');
  });

  it('says the content could not be loaded on an exception', () => {
    expect(fileLoadErrorMessage(new TypeError('Failed to fetch'))).toBe('Error loading file content');
  });
});

describe('statusText', () => {
  it('falls back to the code', () => {
    expect(statusText(418)).toBe('HTTP 418');
  });
});
