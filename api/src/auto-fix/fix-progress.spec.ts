import { describe, expect, it } from '@jest/globals';
import { FixProgress } from './fix-progress.js';

function setup() {
  return { sut: new FixProgress(), mocks: {} };
}

describe('FixProgress', () => {
  it('asks for a first fix with no previous attempt to mention', () => {
    const { sut } = setup();

    expect(sut.failed('build\nsrc/App.tsx|Type')).toEqual({ kind: 'fix', previous: null });
  });

  it('gives an error that survived one attempt a second try, naming what the first changed', () => {
    const { sut } = setup();
    sut.failed('A');
    sut.attempted(1, ['src/helper.ts']);

    expect(sut.failed('A')).toEqual({ kind: 'fix', previous: { attempt: 1, changedPaths: ['src/helper.ts'] } });
  });

  it('ends the loop when two attempts in a row leave the same error', () => {
    const { sut } = setup();
    sut.failed('A');
    sut.attempted(1, ['src/App.tsx']);
    sut.failed('A');
    sut.attempted(2, ['src/App.tsx']);

    expect(sut.failed('A')).toEqual({ kind: 'stuck' });
  });

  it('starts counting again when an attempt changes the error', () => {
    const { sut } = setup();
    sut.failed('A');
    sut.attempted(1, ['src/App.tsx']);
    sut.failed('A');
    sut.attempted(2, ['src/App.tsx']);

    expect(sut.failed('B')).toEqual({ kind: 'fix', previous: null });
    sut.attempted(3, ['src/lib.ts']);
    expect(sut.failed('B')).toEqual({ kind: 'fix', previous: { attempt: 3, changedPaths: ['src/lib.ts'] } });
    sut.attempted(4, ['src/lib.ts']);
    expect(sut.failed('B')).toEqual({ kind: 'stuck' });
  });

  it('does not count an error reported from the preview and its first pass as an attempt', () => {
    const { sut } = setup();
    // The preview's report, then the build of the unchanged project (no attempt between them).
    sut.failed('A');

    expect(sut.failed('A')).toEqual({ kind: 'fix', previous: null });
  });
});
