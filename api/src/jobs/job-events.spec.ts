import { describe, expect, it, jest } from '@jest/globals';
import type { JobStreamEvent } from '@forge/protocol/streams';
import type { SseMessage } from '../common/http/sse.js';
import { Channel } from '../common/streams/channel.js';
import type { PgListener } from '../platform-db/pg-listener.js';
import { JobEventFollowers } from './job-event-followers.js';
import { JobEventLog, SEQ_BLOCK } from './job-events.js';
import type { JobEventRecord, JobsRepository } from './jobs.repository.js';

/** Keeps stored events in memory, as Postgres would. */
function memoryRepository() {
  const stored = new Map<string, JobEventRecord[]>();
  const repository = {
    insertEventBatches: async (batches: Array<{ jobId: string; events: JobEventRecord[] }>) => {
      for (const { jobId, events } of batches) stored.set(jobId, [...(stored.get(jobId) ?? []), ...events]);
    },
    eventsAfterMany: async (cursors: Array<{ streamId: string; afterSeq: number }>) =>
      cursors.flatMap(({ streamId, afterSeq }) => (stored.get(streamId) ?? []).filter((e) => e.seq > afterSeq).map((e) => ({ ...e, streamId }))),
    reserveSeq: jest.fn(async () => reserved.next()),
  } as unknown as JobsRepository;
  const reserved = { end: SEQ_BLOCK, next: () => (reserved.end += SEQ_BLOCK) };
  return { repository, stored };
}

/** A log whose finished jobs are read back from the repository, as on a replica that did not run them. */
function newJobEventLog(repository: JobsRepository): JobEventLog {
  return new JobEventLog(repository, new JobEventFollowers(repository, {} as PgListener));
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const event = (n: number): JobStreamEvent => ({ type: 'log', level: 'info', message: String(n) });

/** Reads a viewer to its end, keeping each batch as it came. */
async function read(viewer: AsyncIterable<readonly SseMessage[]>): Promise<SseMessage[][]> {
  const batches: SseMessage[][] = [];
  for await (const batch of viewer) batches.push([...batch]);
  return batches;
}

describe('JobEventLog', () => {
  it('gives a viewer who joins mid-job every event exactly once, in order', async () => {
    const { repository } = memoryRepository();
    const log = newJobEventLog(repository);
    log.open('job', SEQ_BLOCK);
    log.append('job', event(1));
    log.append('job', event(2));
    await tick();
    log.append('job', event(3)); // appended, not yet delivered to live viewers

    const seen = read(await log.follow('job', 0));
    log.append('job', event(4));
    await tick();
    await log.close('job');

    expect((await seen).flat().map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('hands a viewer each tick of events as one batch, and ends it with [DONE]', async () => {
    const { repository } = memoryRepository();
    const log = newJobEventLog(repository);
    log.open('job', SEQ_BLOCK);
    const seen = read(await log.follow('job', 0));
    log.append('job', event(1));
    log.append('job', event(2));
    await tick();
    log.append('job', event(3));
    await log.close('job');

    expect((await seen).map((batch) => batch.map((m) => m.id))).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect((await seen)[1]![1]).toEqual({ id: 4, data: '[DONE]' });
  });

  it('replays from an event id, from memory while running and from storage after', async () => {
    const { repository, stored } = memoryRepository();
    const log = newJobEventLog(repository);
    log.open('job', SEQ_BLOCK);
    for (let n = 1; n <= 4; n++) log.append('job', event(n));
    await tick();

    const viewer = await log.follow('job', 2);
    const replay = await viewer[Symbol.asyncIterator]().next();
    expect((replay.value as SseMessage[]).map((m) => m.id)).toEqual([3, 4]);

    await log.close('job');
    expect(stored.get('job')!.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(stored.get('job')!.at(-1)).toEqual({ seq: 5, type: 'done', payload: '[DONE]' });

    const later = await read(await log.follow('job', 3));
    expect(later.flat().map((m) => m.data)).toEqual([JSON.stringify(event(4)), '[DONE]']);
  });

  it('sends a finished job whole, even when its last events were not delivered yet', async () => {
    const { repository } = memoryRepository();
    const log = newJobEventLog(repository);
    log.open('job', SEQ_BLOCK);
    log.append('job', event(1));
    const closing = log.close('job');
    const seen = await read(await log.follow('job', 0));
    await closing;
    expect(seen.flat().map((m) => m.data)).toEqual([JSON.stringify(event(1)), '[DONE]']);
  });

  it('stores each event as its type and its JSON, serialised once', async () => {
    const { repository, stored } = memoryRepository();
    const log = newJobEventLog(repository);
    log.open('job', SEQ_BLOCK);
    log.append('job', { type: 'file_saved', path: 'src/App.tsx' });
    await log.close('job');
    expect(stored.get('job')![0]).toEqual({ seq: 1, type: 'file_saved', payload: '{"type":"file_saved","path":"src/App.tsx"}' });
  });

  it('stops following a viewer that went away', async () => {
    const { repository } = memoryRepository();
    const log = newJobEventLog(repository);
    log.open('job', SEQ_BLOCK);
    const viewer = await log.follow('job', 0);
    await viewer[Symbol.asyncIterator]().return!();
    await tick();
    const push = jest.spyOn(Channel.prototype, 'push');
    try {
      log.append('job', event(1));
      await tick();
      expect(push).not.toHaveBeenCalled();
    } finally {
      push.mockRestore();
      await log.close('job');
    }
  });

  it('never sends an event past the ids reserved in the database, and sends it once they are', async () => {
    const { repository } = memoryRepository();
    let grant: (end: number) => void = () => {};
    (repository.reserveSeq as unknown as jest.Mock<() => Promise<number>>).mockImplementation(() => new Promise((resolve) => (grant = resolve)));
    const log = newJobEventLog(repository);
    log.open('job', 2);
    const viewer = (await log.follow('job', 0))[Symbol.asyncIterator]();
    for (let n = 1; n <= 3; n++) log.append('job', event(n));
    await tick();
    expect((await viewer.next()).value!.map((m: SseMessage) => m.id)).toEqual([1, 2]);
    grant(2 + SEQ_BLOCK);
    expect((await viewer.next()).value!.map((m: SseMessage) => m.id)).toEqual([3]);
    await log.close('job');
  });

  it('asks for the next block of ids while half of this one is left, once', async () => {
    const { repository } = memoryRepository();
    const log = newJobEventLog(repository);
    log.open('job', SEQ_BLOCK);
    for (let n = 1; n <= SEQ_BLOCK / 2; n++) log.append('job', event(n));
    expect(repository.reserveSeq).not.toHaveBeenCalled();
    log.append('job', event(0));
    log.append('job', event(0));
    expect(repository.reserveSeq).toHaveBeenCalledTimes(1);
    await log.close('job');
  });

  it("masks the project's secrets in every string of every event, stored and sent", async () => {
    const { repository, stored } = memoryRepository();
    const log = newJobEventLog(repository);
    log.open('job', SEQ_BLOCK, (text) => text.split('sk_live_42').join('••••'));
    const seen = read(await log.follow('job', 0));
    log.append('job', { type: 'content_block_delta', delta: { type: 'text_delta', text: 'const key = "sk_live_42";' } });
    log.append('job', { type: 'error', message: 'sk_live_42 was refused' });
    await log.close('job');
    const payloads = [...(await seen).flat().map((message) => String(message.data)), ...stored.get('job')!.map((event) => event.payload)];
    for (const payload of payloads) expect(payload).not.toContain('sk_live_42');
    expect(JSON.parse(payloads[0]!)).toEqual({ type: 'content_block_delta', delta: { type: 'text_delta', text: 'const key = "••••";' } });
  });
});
