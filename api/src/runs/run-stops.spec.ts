import { describe, expect, it } from '@jest/globals';
import { RunStop, runStopOf } from './run-stops.js';

describe(RunStop.name, () => {
  it("says who stopped the work, with the operator's reason", () => {
    expect(new RunStop('operator', 'Runaway build').message('build')).toBe('The build was stopped by an operator: Runaway build');
    expect(new RunStop('operator').message('edit')).toBe('The edit was stopped by an operator');
    expect(new RunStop('drain').message('build')).toBe('The build was stopped because its host is being drained');
    expect(new RunStop('shutdown').message('generation')).toBe('The generation was stopped because the platform is restarting');
  });
});

describe(runStopOf.name, () => {
  it("finds the platform's stop behind an aborted signal, and nothing behind any other abort", () => {
    const stopped = new AbortController();
    const stop = new RunStop('operator', 'why');
    stopped.abort(stop);
    expect(runStopOf(stopped.signal)).toBe(stop);

    const otherwise = new AbortController();
    otherwise.abort('server-stopping');
    expect(runStopOf(otherwise.signal)).toBeNull();
    expect(runStopOf(new AbortController().signal)).toBeNull();
  });
});
