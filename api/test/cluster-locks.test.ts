import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { ClusterLocks, LockScope } from '../src/cluster/cluster-locks.js';
import { type TestDatabase, createTestDatabase } from './support/test-database.js';

/** Two replicas' locks on one PostgreSQL: what one holds, the other waits for. */
describe('ClusterLocks', () => {
  let database: TestDatabase;
  let a: ClusterLocks;
  let b: ClusterLocks;

  beforeAll(async () => {
    database = await createTestDatabase();
    a = new ClusterLocks(database.url);
    b = new ClusterLocks(database.url);
  });
  afterAll(async () => {
    await a.onModuleDestroy();
    await b.onModuleDestroy();
    await database.drop();
  });

  /** A lock held by `locks` until the answer's `release` is called. */
  async function hold(locks: ClusterLocks, scope: LockScope, id: string) {
    let release!: () => void;
    let acquired!: () => void;
    const taken = new Promise<void>((resolve) => (acquired = resolve));
    const done = locks.run(scope, id, async () => {
      acquired();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await taken;
    return { release: () => release(), done };
  }

  it('lets one replica at a time hold a project’s lock, in the order they got it', async () => {
    const order: string[] = [];
    const first = await hold(a, LockScope.SandboxLifecycle, 'project-1');
    // Seen from the other replica, through PostgreSQL.
    expect(await b.isHeld(LockScope.SandboxLifecycle, 'project-1')).toBe(true);
    const second = b.run(LockScope.SandboxLifecycle, 'project-1', async () => {
      order.push('b');
    });
    // b polls every 100 ms; three rounds without it getting in.
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(order).toEqual([]);
    order.push('a');
    first.release();
    await first.done;
    await second;
    expect(order).toEqual(['a', 'b']);
    expect(await a.isHeld(LockScope.SandboxLifecycle, 'project-1')).toBe(false);
  });

  it('keeps scopes and projects apart', async () => {
    const held = await hold(a, LockScope.SandboxLifecycle, 'project-2');
    await b.run(LockScope.DatabaseSetup, 'project-2', async () => undefined);
    await b.run(LockScope.SandboxLifecycle, 'project-3', async () => undefined);
    expect(await b.held(LockScope.SandboxLifecycle, ['project-2', 'project-3', 'project-4'])).toEqual(new Set(['project-2']));
    held.release();
    await held.done;
  });

  it('queues waiters of one replica in memory and runs them one at a time', async () => {
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 5 }, () =>
        a.run(LockScope.FileChanges, 'project-5', async () => {
          most = Math.max(most, ++running);
          await new Promise((resolve) => setTimeout(resolve, 10));
          running--;
        }),
      ),
    );
    expect(most).toBe(1);
  });

  it('frees the locks of a replica whose database connection is gone (a replica killed)', async () => {
    const held = await hold(a, LockScope.SandboxLifecycle, 'project-6');
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'forge-locks' AND pid IN (SELECT pid FROM pg_locks WHERE locktype = 'advisory')");
    await admin.end();
    await b.run(LockScope.SandboxLifecycle, 'project-6', async () => undefined);
    held.release();
    await held.done;
    // a connects again for its next lock.
    await a.run(LockScope.SandboxLifecycle, 'project-6', async () => undefined);
  });

  it('lets go of the lock when the action fails', async () => {
    await expect(a.run(LockScope.DatabaseSetup, 'project-7', async () => Promise.reject(new Error('failed')))).rejects.toThrow('failed');
    expect(await b.isHeld(LockScope.DatabaseSetup, 'project-7')).toBe(false);
    await b.run(LockScope.DatabaseSetup, 'project-7', async () => undefined);
  });
});
