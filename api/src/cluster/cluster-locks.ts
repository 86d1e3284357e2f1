import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import pg from 'pg';
import { KeyedSerializer } from '../common/keyed-serializer.js';
import { DATABASE_URL } from '../config/app-config.js';

/** What a lock guards; each is its own key space, so holding one never blocks another. */
export enum LockScope {
  /** Its container created, started, stopped or removed. */
  SandboxLifecycle = 1,
  /** Its database provisioned, switched or initialized. */
  DatabaseSetup = 2,
  /** Its files changed (a journaled change). */
  FileChanges = 3,
  /** An account's sandboxes started within its allowance of running ones (keyed by account). */
  AccountSandboxStarts = 4,
}

/** How often a lock another replica holds is tried again. */
const RETRY_MS = 100;

/**
 * Locks of one project (or account) that hold across replicas: PostgreSQL session advisory locks, all taken on this
 * replica's one lock connection. Waiters on one replica queue in memory, so that connection never
 * blocks and never runs out; a lock another replica holds is tried again every `RETRY_MS`. A replica
 * that dies lets go of its locks with its connection.
 */
@Injectable()
export class ClusterLocks implements OnModuleDestroy {
  private readonly logger = new Logger('Locks');
  /** This replica's holders and waiters of each lock, one at a time. */
  private readonly local = new KeyedSerializer();
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private closed = false;

  constructor(@Inject(DATABASE_URL) private readonly databaseUrl: string) {}

  /** Runs `action` holding the lock of `scope` for `id`: one holder at a time, whichever replica asks. */
  run<T>(scope: LockScope, id: string, action: () => Promise<T>): Promise<T> {
    return this.local.run(`${scope}:${id}`, () => this.holding(scope, id, action));
  }

  /** The ids among these whose lock of `scope` some replica holds or this one waits for. */
  async held(scope: LockScope, ids: readonly string[]): Promise<Set<string>> {
    const found = new Set(ids.filter((id) => this.local.has(`${scope}:${id}`)));
    const others = ids.filter((id) => !found.has(id));
    if (others.length === 0) return found;
    const client = await this.connection();
    const { rows } = await client.query<{ id: string }>(
      `SELECT id FROM unnest($2::text[]) AS id
        WHERE EXISTS (SELECT 1 FROM pg_locks
                       WHERE locktype = 'advisory' AND objsubid = 2 AND granted
                         AND classid = $1::int::oid AND objid = hashtext(id)::oid)`,
      [scope, others],
    );
    for (const row of rows) found.add(row.id);
    return found;
  }

  async isHeld(scope: LockScope, id: string): Promise<boolean> {
    return (await this.held(scope, [id])).has(id);
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async holding<T>(scope: LockScope, id: string, action: () => Promise<T>): Promise<T> {
    const client = await this.acquire(scope, id);
    try {
      return await action();
    } finally {
      // A connection that dropped has let go of its locks already.
      if (client === this.client) {
        await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [scope, id]).catch((err: Error) => this.logger.warn(`Releasing the lock of ${id}: ${err.message}`));
      }
    }
  }

  private async acquire(scope: LockScope, id: string): Promise<pg.Client> {
    for (;;) {
      const client = await this.connection();
      const { rows } = await client.query<{ taken: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS taken', [scope, id]);
      if (rows[0]!.taken) return client;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }

  private connection(): Promise<pg.Client> {
    if (this.closed) return Promise.reject(new Error('The server is stopping'));
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'forge-locks', keepAlive: true });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      client.end().catch(() => undefined);
      if (!this.closed) this.logger.warn(`The lock connection dropped${err ? ` (${err.message})` : ''}; the locks it held are released`);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    this.client = client;
    return client;
  }
}
