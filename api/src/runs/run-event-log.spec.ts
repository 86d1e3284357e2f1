import { describe, expect, it, jest } from '@jest/globals';
import type { RunEvent } from '@forge/protocol/runs';
import { Channel } from '../common/streams/channel.js';
import type { StoredEvent } from '../common/streams/stored-event-followers.js';
import type { PgListener } from '../platform-db/pg-listener.js';
import { RunEventFollowers } from './run-event-followers.js';
import { RunEventLog, SEQ_BLOCK } from './run-event-log.js';
import type { RunsRepository } from './runs.repository.js';

type SseMessage = StoredEvent;

/** Keeps stored events in memory, as Postgres would. */
function memoryRepository() {
  const stored = new Map<string, StoredEvent[]>();
  const repository = {
    insertEventBatches: async (batches: Array<{ runId: string; events: StoredEvent[] }>) => {
      for (const { runId, events } of batches) stored.set(runId, [...(stored.get(runId) ?? []), ...events]);
    },
    eventsAfterMany: async (cursors: Array<{ streamId: string; afterSeq: number }>) =>
      cursors.flatMap(({ streamId, afterSeq }) => (stored.get(streamId) ?? []).filter((e) => e.seq > afterSeq).map((e) => ({ ...e, streamId }))),
    reserveSeq: jest.fn(async () => reserved.next()),
  } as unknown as RunsRepository;
  const reserved = { end: SEQ_BLOCK, next: () => (reserved.end += SEQ_BLOCK) };
  return { repository, stored };
}

/** A log whose finished runs are read back from the repository, as on a replica that did not run them. */
function newRunEventLog(repository: RunsRepository): RunEventLog {
  return new RunEventLog(repository, new RunEventFollowers(repository, {} as PgListener));
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const event = (n: number): RunEvent => ({ type: 'log', level: 'info', message: String(n) });
/** The ids of a batch, as the SSE ids of its frames. */
const ids = (batch: readonly SseMessage[]) => batch.map((m) => m.seq);
const END = '{"type":"end"}';

/** Reads a viewer to its end, keeping each batch as it came. */
async function read(viewer: AsyncIterable<readonly SseMessage[]>): Promise<SseMessage[][]> {
  const batches: SseMessage[][] = [];
  for await (const batch of viewer) batches.push([...batch]);
  return batches;
}

describe('RunEventLog', () => {
  it('gives a viewer who joins mid-job every event exactly once, in order', async () => {
    const { repository } = memoryRepository();
    const log = newRunEventLog(repository);
    log.open('job', SEQ_BLOCK);
    log.append('job', event(1));
    log.append('job', event(2));
    await tick();
    log.append('job', event(3)); // appended, not yet delivered to live viewers

    const seen = read(log.follow('job', 0));
    log.append('job', event(4));
    await tick();
    await log.close('job');

    expect((await seen).flat().map((m) => m.seq)).toEqual([1, 2, 3, 4, 5]);
  });

  it('hands a viewer each tick of events as one batch, and ends it with end', async () => {
    const { repository } = memoryRepository();
    const log = newRunEventLog(repository);
    log.open('job', SEQ_BLOCK);
    const seen = read(log.follow('job', 0));
    log.append('job', event(1));
    log.append('job', event(2));
    await tick();
    log.append('job', event(3));
    await log.close('job');

    expect((await seen).map(ids)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect((await seen)[1]![1]).toEqual({ seq: 4, type: 'end', payload: END });
  });

  it('replays from an event id, from memory while running and from storage after', async () => {
    const { repository, stored } = memoryRepository();
    const log = newRunEventLog(repository);
    log.open('job', SEQ_BLOCK);
    for (let n = 1; n <= 4; n++) log.append('job', event(n));
    await tick();

    const viewer = log.follow('job', 2);
    const replay = await viewer[Symbol.asyncIterator]().next();
    expect(ids(replay.value as SseMessage[])).toEqual([3, 4]);

    await log.close('job');
    expect(stored.get('job')!.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(stored.get('job')!.at(-1)).toEqual({ seq: 5, type: 'end', payload: END });

    const later = await read(log.follow('job', 3));
    expect(later.flat().map((m) => m.payload)).toEqual([JSON.stringify(event(4)), END]);
  });

  it('sends a finished job whole, even when its last events were not delivered yet', async () => {
    const { repository } = memoryRepository();
    const log = newRunEventLog(repository);
    log.open('job', SEQ_BLOCK);
    log.append('job', event(1));
    const closing = log.close('job');
    const seen = await read(log.follow('job', 0));
    await closing;
    expect(seen.flat().map((m) => m.payload)).toEqual([JSON.stringify(event(1)), END]);
  });

  it('gives viewers the end only once every event of the run is stored', async () => {
    const { repository, stored } = memoryRepository();
    let store: () => void = () => {};
    const insert = repository.insertEventBatches.bind(repository);
    repository.insertEventBatches = (batches) => new Promise<void>((resolve) => (store = () => void insert(batches).then(resolve)));
    const log = newRunEventLog(repository);
    log.open('job', SEQ_BLOCK);
    const viewer = log.follow('job', 0)[Symbol.asyncIterator]();
    log.append('job', event(1));
    expect(ids((await viewer.next()).value!)).toEqual([1]);
    const closing = log.close('job');
    const next = viewer.next();
    await tick();
    await tick();
    let ended = false;
    void next.then(() => (ended = true));
    await tick();
    expect(ended).toBe(false);
    store();
    expect(ids((await next).value!)).toEqual([2]);
    expect(stored.get('job')!.map((e) => e.seq)).toEqual([1, 2]);
    await closing;
  });

  it('stores each event as its type and its JSON, serialised once', async () => {
    const { repository, stored } = memoryRepository();
    const log = newRunEventLog(repository);
    log.open('job', SEQ_BLOCK);
    log.append('job', { type: 'file', path: 'src/App.tsx', change: 'saved' });
    await log.close('job');
    expect(stored.get('job')![0]).toEqual({ seq: 1, type: 'file', payload: '{"type":"file","path":"src/App.tsx","change":"saved"}' });
  });

  it('stops following a viewer that went away', async () => {
    const { repository } = memoryRepository();
    const log = newRunEventLog(repository);
    log.open('job', SEQ_BLOCK);
    const viewer = log.follow('job', 0);
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
    const log = newRunEventLog(repository);
    log.open('job', 2);
    const viewer = log.follow('job', 0)[Symbol.asyncIterator]();
    for (let n = 1; n <= 3; n++) log.append('job', event(n));
    await tick();
    expect(ids((await viewer.next()).value!)).toEqual([1, 2]);
    grant(2 + SEQ_BLOCK);
    expect(ids((await viewer.next()).value!)).toEqual([3]);
    await log.close('job');
  });

  it('gives a viewer that resumes from an id it had from the database only what comes after it, once', async () => {
    const { repository } = memoryRepository();
    let grant: (end: number) => void = () => {};
    (repository.reserveSeq as unknown as jest.Mock<() => Promise<number>>).mockImplementation(() => new Promise((resolve) => (grant = resolve)));
    const log = newRunEventLog(repository);
    log.open('job', 2);
    for (let n = 1; n <= 3; n++) log.append('job', event(n));
    await tick();
    // Event 3 waits here for its id to be reserved, but was stored and reached a viewer on another
    // replica, which reconnects here with Last-Event-ID 3.
    const viewer = log.follow('job', 3)[Symbol.asyncIterator]();
    grant(2 + SEQ_BLOCK);
    log.append('job', event(4));
    await tick();
    expect(ids((await viewer.next()).value!)).toEqual([4]);
    await log.close('job');
    expect(ids((await viewer.next()).value!)).toEqual([5]);
  });

  it('asks for the next block of ids while half of this one is left, once', async () => {
    const { repository } = memoryRepository();
    const log = newRunEventLog(repository);
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
    const log = newRunEventLog(repository);
    log.open('job', SEQ_BLOCK, (text) => text.split('sk_live_42').join('••••'));
    const seen = read(log.follow('job', 0));
    log.append('job', { type: 'text', text: 'const key = "sk_live_42";' });
    const kept = log.append('job', { type: 'error', message: 'sk_live_42 was refused', details: 'details sk_live_42' });
    await log.close('job');
    const payloads = [...(await seen).flat().map((message) => message.payload), ...stored.get('job')!.map((event) => event.payload)];
    for (const payload of payloads) expect(payload).not.toContain('sk_live_42');
    expect(JSON.parse(payloads[0]!)).toEqual({ type: 'text', text: 'const key = "••••";' });
    // What the appender gets back (a build keeps its lines from it) is masked too.
    expect(kept).toEqual({ type: 'error', message: '•••• was refused', details: 'details ••••' });
  });
});
