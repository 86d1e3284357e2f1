import type { ClusterLocks } from '../../src/cluster/cluster-locks.js';

/** Cluster locks as one replica alone sees them, for unit specs: a promise chain per scope and id. */
export function memoryLocks(): ClusterLocks {
  const chains = new Map<string, Promise<unknown>>();
  const run = <T>(scope: number, id: string, action: () => Promise<T>): Promise<T> => {
    const key = `${scope}:${id}`;
    const next = (chains.get(key) ?? Promise.resolve()).catch(() => undefined).then(action);
    chains.set(key, next);
    void next.finally(() => chains.get(key) === next && chains.delete(key)).catch(() => undefined);
    return next;
  };
  const held = async (scope: number, ids: readonly string[]) => new Set(ids.filter((id) => chains.has(`${scope}:${id}`)));
  return { run, held, isHeld: async (scope: number, id: string) => chains.has(`${scope}:${id}`) } as unknown as ClusterLocks;
}
