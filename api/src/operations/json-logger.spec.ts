import { describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { JsonLogger } from './json-logger.js';

function newJsonLogger(levels: ConstructorParameters<typeof JsonLogger>[0] = ['log', 'warn', 'error']) {
  const written: Array<{ stream: string; line: string }> = [];
  const sut = new JsonLogger(levels, 'Forge', (stream, line) => written.push({ stream, line }));
  const entries = () => written.map(({ line }) => JSON.parse(line) as Record<string, unknown>);
  return { sut, written, entries };
}

describe(JsonLogger.name, () => {
  it('writes one JSON object per line, with time, level, context and message', () => {
    const { sut, written, entries } = newJsonLogger();
    sut.log('Forge is ready\non two lines');
    sut.warn('Slow build', 'Builds');
    expect(written.map(({ line }) => line.endsWith('\n') && line.indexOf('\n') === line.length - 1)).toEqual([true, true]);
    expect(written.map(({ stream }) => stream)).toEqual(['stdout', 'stderr']);
    expect(entries()).toEqual([
      { time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), level: 'log', context: 'Forge', message: 'Forge is ready\non two lines' },
      { time: expect.any(String), level: 'warn', context: 'Builds', message: 'Slow build' },
    ]);
  });

  it('keeps the stack of errors, given as a string or as the error itself', () => {
    const { sut, entries } = newJsonLogger();
    sut.error('Build failed', 'Error: boom\n    at x', 'Builds');
    sut.error(new Error('kaput'));
    expect(entries()[0]).toMatchObject({ level: 'error', context: 'Builds', message: 'Build failed', stack: 'Error: boom\n    at x' });
    expect(entries()[1]).toMatchObject({ level: 'error', context: 'Forge', message: 'kaput', stack: expect.stringContaining('Error: kaput') });
  });

  it("serves as Nest's logger: a Logger with a context writes through it", () => {
    const { sut, entries } = newJsonLogger();
    Logger.overrideLogger(sut);
    try {
      new Logger('Jobs').warn('Job 1 failed');
      new Logger('Jobs').error('Job 2 failed');
    } finally {
      Logger.overrideLogger(false);
    }
    expect(entries()).toEqual([
      expect.objectContaining({ level: 'warn', context: 'Jobs', message: 'Job 1 failed' }),
      expect.objectContaining({ level: 'error', context: 'Jobs', message: 'Job 2 failed' }),
    ]);
  });

  it('leaves out levels it was not given', () => {
    const { sut, written } = newJsonLogger(['warn', 'error']);
    sut.log('Mapped {/api/health, GET} route');
    sut.debug('detail');
    expect(written).toEqual([]);
  });
});
