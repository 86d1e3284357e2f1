import { describe, expect, it } from '@jest/globals';
import { errorReporterScript } from './error-reporter.js';

describe('the preview error reporter', () => {
  it('posts only to the workspace origin, and only when framed', () => {
    const script = errorReporterScript('http://localhost:3000');
    expect(script).toContain('if (window.parent === window) return;');
    expect(script).toContain('var target = "http://localhost:3000";');
    expect(script).toContain('}, target);');
    expect(script).not.toContain("'*'");
  });
});
