import { describe, expect, it } from '@jest/globals';
import { describeProblem, firstProjectFrame, isIgnoredRequest, requestProblem, tidyProblems } from './page-problems.js';

describe('page problems', () => {
  it('are said the way the build stream says compile errors', () => {
    expect(describeProblem({ kind: 'exception', message: 'TypeError: x is undefined', file: 'src/App.tsx', line: 12 })).toBe(
      'Runtime error in the preview: TypeError: x is undefined (src/App.tsx:12)',
    );
    expect(describeProblem({ kind: 'empty', message: '', file: null, line: null })).toBe('The page rendered nothing');
    expect(describeProblem(requestProblem({ method: 'GET', path: '/api/posts', status: 500 }))).toBe('GET /api/posts answered 500');
    expect(describeProblem(requestProblem({ method: 'POST', path: '/api/x', status: null, failure: 'net::ERR_EMPTY_RESPONSE' }))).toBe('POST /api/x failed: net::ERR_EMPTY_RESPONSE');
  });

  it('keep distinct problems, a few of each kind', () => {
    const same = { kind: 'console' as const, message: 'boom', file: null, line: null };
    const many = Array.from({ length: 9 }, (_, i) => ({ kind: 'exception' as const, message: `error ${i}`, file: null, line: null }));
    const kept = tidyProblems([same, same, ...many]);
    expect(kept.filter((p) => p.kind === 'console')).toHaveLength(1);
    expect(kept.filter((p) => p.kind === 'exception')).toHaveLength(5);
  });

  it('find the first project file in a mapped stack, and ignore the favicon and the source maps the check looks up', () => {
    expect(firstProjectFrame('    at map (http://x/assets/index.js:1:2)\n    at App (src/App.tsx:4)\n    at main (src/main.tsx:5)')).toEqual({ file: 'src/App.tsx', line: 4 });
    expect(firstProjectFrame('    at http://x/assets/index.js:1:2')).toBeNull();
    expect(isIgnoredRequest('/favicon.ico')).toBe(true);
    expect(isIgnoredRequest('/api/favicon.ico')).toBe(false);
    expect(isIgnoredRequest('/assets/index-1a2b.js.map')).toBe(true);
    expect(isIgnoredRequest('/api/maps')).toBe(false);
  });
});
