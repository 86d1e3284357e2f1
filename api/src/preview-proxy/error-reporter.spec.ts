import { describe, expect, it } from '@jest/globals';
import { errorReporterScript, injectErrorReporter } from './error-reporter.js';

describe('the preview error reporter', () => {
  it('goes first in the head, after a doctype, or first of all', () => {
    expect(injectErrorReporter('<!doctype html><html><head lang="en"><title>x</title></head></html>', '<s>')).toBe('<!doctype html><html><head lang="en"><s><title>x</title></head></html>');
    expect(injectErrorReporter('<!DOCTYPE html><body>hi</body>', '<s>')).toBe('<!DOCTYPE html><s><body>hi</body>');
    expect(injectErrorReporter('<h1>hi</h1>', '<s>')).toBe('<s><h1>hi</h1>');
    // <header> is not <head>.
    expect(injectErrorReporter('<header>x</header>', '<s>')).toBe('<s><header>x</header>');
  });

  it('posts only to the workspace origin, and only when framed', () => {
    const script = errorReporterScript('http://localhost:3000');
    expect(script).toContain('if (window.parent === window) return;');
    expect(script).toContain('var target = "http://localhost:3000";');
    expect(script).toContain('}, target);');
    expect(script).not.toContain("'*'");
  });
});
