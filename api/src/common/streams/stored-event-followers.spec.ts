import { describe, expect, it, jest } from '@jest/globals';
import type { PgListener } from '../../platform-db/pg-listener.js';
import { type StoredEvent, StoredEventFollowers } from './stored-event-followers.js';

/** Streams stored in memory, announced through a fake listener as replicas do through NOTIFY. */
async function newStoredEventFollowers() {
  const stored = new Map<string, StoredEvent[]>();
  const fetches: Array<Array<{ streamId: string; afterSeq: number }>> = [];
  let notify: (payload: string) => void = () => {};
  let reconnected: () => void = () => {};
  const listener = {
    listen: jest.fn(async (_channel: string, handler: (payload: string) => void) => {
      notify = handler;
      return () => {};
    }),
    onReconnect: (handler: () => void) => {
      reconnected = handler;
      return () => {};
    },
  } as unknown as PgListener;
  const source = {
    channel: 'test_events',
    lastType: 'done',
    fetch: async (cursors: Array<{ streamId: string; afterSeq: number }>) => {
      fetches.push(cursors);
      return cursors.flatMap(({ streamId, afterSeq }) => (stored.get(streamId) ?? []).filter((e) => e.seq > afterSeq).map((e) => ({ ...e, streamId })));
    },
  };
  const sut = new StoredEventFollowers(source, listener, 'Test');
  await sut.start();
  const store = (streamId: string, ...types: string[]) => {
    const events = stored.get(streamId) ?? [];
    for (const type of types) events.push({ seq: events.length + 1, type, payload: `${streamId}:${events.length + 1}:${type}` });
    stored.set(streamId, events);
    notify(`${streamId}:${events.length}`);
  };
  return { sut, store, fetches, reconnect: () => reconnected(), stop: () => sut.stop() };
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
};

async function read(viewer: AsyncIterable<readonly StoredEvent[]>): Promise<StoredEvent[]> {
  const messages: StoredEvent[] = [];
  for await (const batch of viewer) messages.push(...batch);
  return messages;
}

describe(StoredEventFollowers.name, () => {
  it('replays what is stored, then follows each announced event once, in order, to the last', async () => {
    const { sut, store, stop } = await newStoredEventFollowers();
    store('a', 'log', 'log');
    const seen = read(sut.follow('a', 1));
    await settle();
    store('a', 'log');
    await settle();
    store('a', 'log', 'done');
    expect((await seen).map((m) => m.seq)).toEqual([2, 3, 4, 5]);
    stop();
  });

  it('fetches what every viewer of every announced stream misses in one query per round', async () => {
    const { sut, store, fetches, stop } = await newStoredEventFollowers();
    const viewers = ['a', 'b', 'c'].map((id) => read(sut.follow(id, 0)));
    await settle();
    fetches.length = 0;
    store('a', 'log', 'done');
    store('b', 'log', 'done');
    store('c', 'done');
    await Promise.all(viewers);
    expect(fetches).toHaveLength(1);
    expect(fetches[0]!.map((c) => c.streamId).sort()).toEqual(['a', 'b', 'c']);
    stop();
  });

  it('ignores announcements of streams nobody here follows, and of events a viewer has', async () => {
    const { sut, store, fetches, stop } = await newStoredEventFollowers();
    store('other', 'log');
    const seen = read(sut.follow('a', 0));
    await settle();
    fetches.length = 0;
    store('other', 'log');
    await settle();
    expect(fetches).toEqual([]);
    store('a', 'done');
    await seen;
    stop();
  });

  it('catches up after the listener reconnects, when announcements may have been lost', async () => {
    const { sut, fetches, reconnect, stop } = await newStoredEventFollowers();
    const viewer = sut.follow('a', 0);
    await settle();
    fetches.length = 0;
    reconnect();
    await settle();
    expect(fetches).toEqual([[{ streamId: 'a', afterSeq: 0 }]]);
    void viewer[Symbol.asyncIterator]().return!();
    stop();
  });

  it('stops following a viewer that went away', async () => {
    const { sut, stop } = await newStoredEventFollowers();
    const viewer = sut.follow('a', 0);
    expect(sut.count).toBe(1);
    await viewer[Symbol.asyncIterator]().return!();
    expect(sut.count).toBe(0);
    stop();
  });
});
