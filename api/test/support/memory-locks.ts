import type { ClusterLocks } from '../../src/cluster/cluster-locks.js';
import { KeyedSerializer } from '../../src/common/keyed-serializer.js';

/** Cluster locks as one replica alone sees them, for unit specs: one queue per scope and id. */
export function memoryLocks(): ClusterLocks {
  const queue = new KeyedSerializer();
  const key = (scope: number, id: string) => `${scope}:${id}`;
  return {
    run: <T>(scope: number, id: string, action: () => Promise<T>) => queue.run(key(scope, id), action),
    held: async (scope: number, ids: readonly string[]) => new Set(ids.filter((id) => queue.has(key(scope, id)))),
    isHeld: async (scope: number, id: string) => queue.has(key(scope, id)),
  } as unknown as ClusterLocks;
}
