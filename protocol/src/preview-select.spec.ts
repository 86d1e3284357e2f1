import { describe, expect, it } from '@jest/globals';
import { PREVIEW_ERROR_SOURCE } from './preview-errors.js';
import { readElementSelectedMessage, readSelectModeMessage, selectModeMessage } from './preview-select.js';

const selected = (element: unknown) => ({ source: PREVIEW_ERROR_SOURCE, type: 'element-selected', element });
const heading = { target: { file: 'src/components/Hero.tsx', line: 12, column: 7 }, tagName: 'h1', component: 'Hero', text: 'Welcome' };

describe('readSelectModeMessage', () => {
  it('reads the on and off the workspace sends', () => {
    expect(readSelectModeMessage(selectModeMessage(true))).toBe(true);
    expect(readSelectModeMessage(selectModeMessage(false))).toBe(false);
  });

  it('ignores anything else', () => {
    expect(readSelectModeMessage(null)).toBeNull();
    expect(readSelectModeMessage('select-mode')).toBeNull();
    expect(readSelectModeMessage({ source: 'other', type: 'select-mode', on: true })).toBeNull();
    expect(readSelectModeMessage({ source: PREVIEW_ERROR_SOURCE, type: 'select-mode', on: 'yes' })).toBeNull();
    expect(readSelectModeMessage({ source: PREVIEW_ERROR_SOURCE, type: 'runtime-error', on: true })).toBeNull();
  });
});

describe('readElementSelectedMessage', () => {
  it('reads a selection the reporter posts', () => {
    expect(readElementSelectedMessage(selected(heading))).toEqual(heading);
  });

  it('keeps a selection without a component, and cuts and folds its text', () => {
    expect(readElementSelectedMessage(selected({ ...heading, tagName: 'H1', component: undefined, text: `  Hello\n\n  ${'x'.repeat(300)}` }))).toEqual({
      ...heading,
      component: null,
      text: `Hello ${'x'.repeat(194)}`,
    });
    expect(readElementSelectedMessage(selected({ ...heading, component: 'not a name', text: 3 }))).toEqual({ ...heading, component: null, text: '' });
  });

  it('refuses a target outside the project, a bad tag name or another shape', () => {
    expect(readElementSelectedMessage(selected({ ...heading, target: { file: '../etc/passwd', line: 1, column: 1 } }))).toBeNull();
    expect(readElementSelectedMessage(selected({ ...heading, target: { file: 'src/App.tsx', line: 0, column: 1 } }))).toBeNull();
    expect(readElementSelectedMessage(selected({ ...heading, tagName: '<script>' }))).toBeNull();
    expect(readElementSelectedMessage(selected(null))).toBeNull();
    expect(readElementSelectedMessage({ source: 'other', type: 'element-selected', element: heading })).toBeNull();
    expect(readElementSelectedMessage({ source: PREVIEW_ERROR_SOURCE, type: 'select-mode', element: heading })).toBeNull();
  });
});
