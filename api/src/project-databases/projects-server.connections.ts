import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import { ErrorCode } from '@forge/protocol/errors';
import { DomainError } from '../common/errors/domain-error.js';
import { PROJECTS_DATABASE_SERVER, type ProjectsDatabaseServer } from '../config/app-config.js';

/** A provided database: the role and the database share the name. */
export interface ProvidedDatabase {
  name: string;
  password: string;
}

export type AdminClient = pg.PoolClient | pg.Client;

/**
 * The connections to the projects' PostgreSQL server that the drivers share: the administrator's
 * (a small pool in the server's own database, or one brief connection into a project's), and
 * small pools connected as projects' own roles for reading their tables.
 */
@Injectable()
export class ProjectsServerConnections implements OnModuleDestroy {
  private admin: pg.Pool | null = null;
  /** One small pool per project whose data was read lately, connected as that project's role. */
  private readonly readers = new LRUCache<string, pg.Pool>({
    max: 50,
    ttl: 5 * 60_000,
    dispose: (pool) => void pool.end().catch(() => undefined),
  });

  constructor(@Inject(PROJECTS_DATABASE_SERVER) private readonly server: ProjectsDatabaseServer | null) {}

  get available(): boolean {
    return this.server !== null;
  }

  requireServer(): ProjectsDatabaseServer {
    if (!this.server) throw new DomainError(ErrorCode.Unavailable, "The projects' database server is not running", 'Restart Forge: it starts the server at start-up.');
    return this.server;
  }

  /** As the administrator, in the server's own database or, briefly, in a project's. */
  async asAdmin<T>(action: (admin: AdminClient) => Promise<T>, database?: string): Promise<T> {
    if (database) {
      const url = new URL(this.requireServer().adminUrl);
      url.pathname = `/${encodeURIComponent(database)}`;
      const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 10_000 });
      client.on('error', () => undefined);
      await client.connect();
      try {
        return await action(client);
      } finally {
        await client.end().catch(() => undefined);
      }
    }
    if (!this.admin) {
      this.admin = new pg.Pool({ connectionString: this.requireServer().adminUrl, max: 3, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
      this.admin.on('error', () => undefined);
    }
    const client = await this.admin.connect();
    try {
      return await action(client);
    } finally {
      client.release();
    }
  }

  /** A pool connected as the project's own role, kept while it is used. */
  asProject(database: ProvidedDatabase): pg.Pool {
    const key = `${database.name}:${database.password}`;
    let pool = this.readers.get(key);
    if (!pool) {
      const server = new URL(this.requireServer().adminUrl);
      pool = new pg.Pool({
        host: server.hostname,
        port: Number(server.port || 5432),
        user: database.name,
        password: database.password,
        database: database.name,
        max: 2,
        idleTimeoutMillis: 60_000,
        connectionTimeoutMillis: 10_000,
      });
      pool.on('error', () => undefined);
      this.readers.set(key, pool);
    }
    return pool;
  }

  /** Closes the project's pools, before its database goes. */
  forgetProject(name: string): void {
    for (const key of [...this.readers.keys()]) if (key.startsWith(`${name}:`)) this.readers.delete(key);
  }

  async onModuleDestroy(): Promise<void> {
    this.readers.clear();
    await this.admin?.end().catch(() => undefined);
    this.admin = null;
  }
}
