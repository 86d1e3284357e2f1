import { describe, expect, it, jest } from '@jest/globals';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { SHARE_UNPUBLISHED } from '../common/events/domain-events.js';
import type { PgListener } from '../platform-db/pg-listener.js';
import { CLUSTER_EVENTS_CHANNEL, ClusterEvents } from './cluster-events.js';
import { ReplicaIdentity } from './replica-identity.js';
import type { ReplicasRepository } from './replicas.repository.js';

/** Two replicas whose notifications go through one in-memory channel, as through PostgreSQL. */
async function newClusterEvents() {
  const handlers: Array<(payload: string) => void> = [];
  const listener = { listen: jest.fn(async (_channel: string, handler: (payload: string) => void) => handlers.push(handler)) } as unknown as PgListener;
  const sent: string[] = [];
  const repository = {
    notify: jest.fn(async (channel: string, payload: string) => {
      expect(channel).toBe(CLUSTER_EVENTS_CHANNEL);
      sent.push(payload);
      for (const handler of handlers) handler(payload);
    }),
  } as unknown as ReplicasRepository;
  const replicas = [new EventEmitter2(), new EventEmitter2()].map((events) => ({ events, sut: new ClusterEvents(new ReplicaIdentity(), repository, listener, events) }));
  for (const replica of replicas) await replica.sut.onModuleInit();
  return { replicas, sent };
}

describe(ClusterEvents.name, () => {
  it('raises a relayed event on the other replicas, marked relayed, once', async () => {
    const { replicas, sent } = await newClusterEvents();
    const [here, there] = replicas;
    const heardHere = jest.fn();
    const heardThere = jest.fn();
    here!.events.on(SHARE_UNPUBLISHED, heardHere);
    there!.events.on(SHARE_UNPUBLISHED, heardThere);
    await here!.events.emitAsync(SHARE_UNPUBLISHED, { shareId: 's', projectId: 'p' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(heardHere.mock.calls).toEqual([[{ shareId: 's', projectId: 'p' }]]);
    expect(heardThere.mock.calls).toEqual([[{ shareId: 's', projectId: 'p', relayed: true }]]);
    // The replica that heard it does not pass it on again.
    expect(sent).toHaveLength(1);
  });

  it('leaves other events to the replica where they happen', async () => {
    const { replicas, sent } = await newClusterEvents();
    await replicas[0]!.events.emitAsync('project.deleting', { projectId: 'p' });
    expect(sent).toEqual([]);
  });
});
