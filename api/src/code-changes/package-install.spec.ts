import { describe, expect, it } from '@jest/globals';
import { dependenciesChanged, installFailureLines } from './package-install.js';

const pkg = (deps: Record<string, string>, extra: Record<string, unknown> = {}) => JSON.stringify({ name: 'app', scripts: { build: 'vite build' }, dependencies: deps, ...extra }, null, 2);

describe('dependenciesChanged', () => {
  it('is false when only other fields change, true when a package is added or its range moves', () => {
    const before = pkg({ react: '19.3.1' });
    expect(dependenciesChanged(before, pkg({ react: '19.3.1' }, { description: 'Teas' }))).toBe(false);
    expect(dependenciesChanged(before, pkg({ react: '19.3.1', 'react-markdown': '^10.1.0' }))).toBe(true);
    expect(dependenciesChanged(before, pkg({ react: '^19.3.1' }))).toBe(true);
    expect(dependenciesChanged(before, pkg({ react: '19.3.1' }, { overrides: { vite: '8.3.8' } }))).toBe(true);
  });

  it('counts a new or unparseable package.json as a change, so the install says what is wrong', () => {
    expect(dependenciesChanged(null, pkg({}))).toBe(true);
    expect(dependenciesChanged(pkg({}), '{ "dependencies": ')).toBe(true);
  });
});

describe('installFailureLines', () => {
  it("keeps npm's error lines and the platform's notes, not the log file's address", () => {
    const output = [
      '📦 Installing 1 packages the sandbox image does not hold: no-such-pkg-forge@^1.0.0',
      'npm error code E404',
      'npm error 404 Not Found - GET http://10.0.0.1:4873/no-such-pkg-forge - no such package available',
      "npm error 404  'no-such-pkg-forge@^1.0.0' is not in this registry.",
      'npm error A complete log of this run can be found in: /home/app/.npm/_logs/x-debug-0.log',
    ].join('\n');
    expect(installFailureLines(output)).toEqual([
      'npm error code E404',
      'npm error 404 Not Found - GET http://10.0.0.1:4873/no-such-pkg-forge - no such package available',
      "npm error 404  'no-such-pkg-forge@^1.0.0' is not in this registry.",
    ]);
  });

  it('falls back to the last lines when none says why', () => {
    expect(installFailureLines('a\nb\n\nc\n')).toEqual(['a', 'b', 'c']);
  });
});
