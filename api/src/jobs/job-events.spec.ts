import { describe, expect, it } from '@jest/globals';
import { JobEventLog, type JobEventRecord } from './job-events.js';
import type { JobsRepository } from './jobs.repository.js';

/** Keeps stored events in memory, as Postgres would. */
function memoryRepository() {
  const stored = new Map<string, JobEventRecord[]>();
  const repository = {
    insertEventBatches: async (batches: Array<{ jobId: string; events: JobEventRecord[] }>) => {
      for (const { jobId, events } of batches) stored.set(jobId, [...(stored.get(jobId) ?? []), ...events]);
    },
    eventsAfter: async (jobId: string, afterSeq: number) => (stored.get(jobId) ?? []).filter((e) => e.seq > afterSeq),
  } as unknown as JobsRepository;
  return { repository, stored };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('JobEventLog', () => {
  it('gives a viewer who joins mid-job every event exactly once, in order', async () => {
    const { repository } = memoryRepository();
    const log = new JobEventLog(repository);
    log.open('job');
    log.append('job', 'a', { n: 1 });
    log.append('job', 'a', { n: 2 });
    await tick();
    log.append('job', 'a', { n: 3 }); // appended, not yet delivered to live viewers

    const seen: number[] = [];
    await log.follow('job', 0, (events) => seen.push(...events.map((e) => e.seq)));
    log.append('job', 'a', { n: 4 });
    await tick();
    await log.close('job');
    await tick();

    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });

  it('replays from an event id, from memory while running and from storage after', async () => {
    const { repository, stored } = memoryRepository();
    const log = new JobEventLog(repository);
    log.open('job');
    for (let n = 1; n <= 4; n++) log.append('job', 'a', { n });
    await tick();

    const live: number[] = [];
    await log.follow('job', 2, (events) => live.push(...events.map((e) => e.seq)));
    expect(live).toEqual([3, 4]);

    await log.close('job');
    expect(stored.get('job')!.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(stored.get('job')!.at(-1)).toEqual({ seq: 5, type: 'done', payload: '[DONE]' });

    const later: JobEventRecord[] = [];
    await log.follow('job', 3, (events) => later.push(...events));
    expect(later.map((e) => e.payload)).toEqual(['{"n":4}', '[DONE]']);
  });

  it('sends a finished job whole, even when its last events were not delivered yet', async () => {
    const { repository } = memoryRepository();
    const log = new JobEventLog(repository);
    log.open('job');
    log.append('job', 'a', { n: 1 });
    const closing = log.close('job');
    const seen: string[] = [];
    await log.follow('job', 0, (events) => seen.push(...events.map((e) => e.payload)));
    await closing;
    expect(seen).toEqual(['{"n":1}', '[DONE]']);
  });
});
