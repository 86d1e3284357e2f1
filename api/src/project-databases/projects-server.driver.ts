import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import { ErrorCode } from '@forge/protocol/errors';
import { DomainError } from '../common/errors/domain-error.js';
import { APP_CONFIG, type AppConfig, PROJECTS_DATABASE_SERVER, type ProjectsDatabaseServer } from '../config/app-config.js';

/** A provided database: the role and the database share the name. */
export interface ProvidedDatabase {
  name: string;
  password: string;
}

export interface TablePage {
  columns: string[];
  rows: Array<Record<string, unknown>>;
  total: number;
}

const UNDEFINED_TABLE = '42P01';
const UNDEFINED_COLUMN = '42703';

/**
 * The only code that talks to the projects' PostgreSQL server: as its administrator to create and
 * drop each project's database and role, and as a project's own role to read its tables.
 */
@Injectable()
export class ProjectsServerDriver implements OnModuleDestroy {
  private admin: pg.Pool | null = null;
  /** One small pool per project whose data was read lately, connected as that project's role. */
  private readonly readers = new LRUCache<string, pg.Pool>({
    max: 50,
    ttl: 5 * 60_000,
    dispose: (pool) => void pool.end().catch(() => undefined),
  });

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PROJECTS_DATABASE_SERVER) private readonly server: ProjectsDatabaseServer | null,
  ) {}

  get available(): boolean {
    return this.server !== null;
  }

  /** The URL the app gets, with the address sandboxes reach the server by. */
  appUrl({ name, password }: ProvidedDatabase): string {
    const server = this.requireServer();
    const url = new URL(`postgresql://${server.sandboxHost ?? '127.0.0.1'}:${server.sandboxPort}`);
    url.username = name;
    url.password = password;
    url.pathname = `/${name}`;
    return url.toString();
  }

  /**
   * The project's role (a random password, a connection limit, a statement timeout, no other
   * rights) and its database, owned by it, that nobody else may connect to. Safe to repeat: what
   * exists is brought to these settings.
   */
  async provision({ name, password }: ProvidedDatabase): Promise<void> {
    const { connectionLimit, statementTimeoutSeconds } = this.config.projectDatabases;
    const role = pg.escapeIdentifier(name);
    const settings = `LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION NOBYPASSRLS CONNECTION LIMIT ${connectionLimit} PASSWORD ${pg.escapeLiteral(password)}`;
    await this.withAdmin(async (admin) => {
      const roleExists = (await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [name])).rowCount! > 0;
      await admin.query(`${roleExists ? 'ALTER' : 'CREATE'} ROLE ${role} ${settings}`);
      await admin.query(`ALTER ROLE ${role} SET statement_timeout = ${pg.escapeLiteral(`${statementTimeoutSeconds}s`)}`);
      const databaseExists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount! > 0;
      if (!databaseExists) await admin.query(`CREATE DATABASE ${role} OWNER ${role} CONNECTION LIMIT ${connectionLimit}`);
      await admin.query(`REVOKE ALL ON DATABASE ${role} FROM PUBLIC`);
      await admin.query(`GRANT CONNECT, TEMPORARY ON DATABASE ${role} TO ${role}`);
    });
    // Its schema is its own whatever the server's template says (older servers let everyone create in public).
    await this.withAdmin(async (admin) => {
      await admin.query(`ALTER SCHEMA public OWNER TO ${role}`);
      await admin.query('REVOKE ALL ON SCHEMA public FROM PUBLIC');
    }, name);
  }

  /** Drops the database (ending its sessions) and its role; nothing when neither exists. */
  async drop(name: string): Promise<void> {
    await this.closeReader(name);
    const role = pg.escapeIdentifier(name);
    await this.withAdmin(async (admin) => {
      await admin.query(`DROP DATABASE IF EXISTS ${role} WITH (FORCE)`);
      await admin.query(`DROP ROLE IF EXISTS ${role}`);
    });
  }

  async exists(name: string): Promise<{ database: boolean; role: boolean }> {
    return this.withAdmin(async (admin) => ({
      database: (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount! > 0,
      role: (await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [name])).rowCount! > 0,
    }));
  }

  async sizeBytes(name: string): Promise<number> {
    return this.withAdmin(async (admin) => Number((await admin.query<{ size: string }>('SELECT pg_database_size($1)::text AS size', [name])).rows[0]!.size));
  }

  /**
   * One page of a table, read as the project's own role. The table name is quoted as an
   * identifier and the paging values are bound, so neither can become SQL.
   */
  async tablePage(database: ProvidedDatabase, table: string, orderBy: string[], page: number, pageSize: number): Promise<TablePage> {
    const pool = this.reader(database);
    const identifier = pg.escapeIdentifier(table);
    const order = orderBy.length > 0 ? orderBy.map((column) => pg.escapeIdentifier(column)).join(', ') : '1';
    try {
      const [count, rows] = await Promise.all([
        pool.query<{ total: string }>(`SELECT count(*)::text AS total FROM ${identifier}`),
        pool.query({ text: `SELECT * FROM ${identifier} ORDER BY ${order} LIMIT $1 OFFSET $2`, values: [pageSize, (page - 1) * pageSize], rowMode: 'array' }),
      ]);
      const columns = rows.fields.map((field) => field.name);
      return {
        columns,
        rows: (rows.rows as unknown[][]).map((values) => Object.fromEntries(columns.map((column, i) => [column, jsonValue(values[i])]))),
        total: Number(count.rows[0]!.total),
      };
    } catch (err) {
      // The schema's key names a column the table lacks: any stable order will do.
      if ((err as { code?: string }).code === UNDEFINED_COLUMN && orderBy.length > 0) return this.tablePage(database, table, [], page, pageSize);
      if ((err as { code?: string }).code === UNDEFINED_TABLE) {
        throw new DomainError(ErrorCode.NotFound, `Table ${table} does not exist in the database yet`, 'Initialize the database to create its tables.');
      }
      throw err;
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.readers.clear();
    await this.admin?.end().catch(() => undefined);
    this.admin = null;
  }

  private reader(database: ProvidedDatabase): pg.Pool {
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

  private async closeReader(name: string): Promise<void> {
    for (const key of [...this.readers.keys()]) if (key.startsWith(`${name}:`)) this.readers.delete(key);
  }

  /** As the administrator, in the server's own database or, briefly, in a project's. */
  private async withAdmin<T>(action: (admin: pg.PoolClient | pg.Client) => Promise<T>, database?: string): Promise<T> {
    if (database) {
      const url = new URL(this.requireServer().adminUrl);
      url.pathname = `/${encodeURIComponent(database)}`;
      const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 10_000 });
      await client.connect();
      try {
        return await action(client);
      } finally {
        await client.end();
      }
    }
    if (!this.admin) {
      this.admin = new pg.Pool({ connectionString: this.requireServer().adminUrl, max: 3, idleTimeoutMillis: 30_000 });
      this.admin.on('error', () => undefined);
    }
    const client = await this.admin.connect();
    try {
      return await action(client);
    } finally {
      client.release();
    }
  }

  private requireServer(): ProjectsDatabaseServer {
    if (!this.server) throw new DomainError(ErrorCode.Unavailable, "The projects' database server is not running", 'Restart Forge: it starts the server at start-up.');
    return this.server;
  }
}

/** Values as JSON shows them: binary as hex, everything else as pg parsed it. */
function jsonValue(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return `\\x${value.toString('hex')}`;
  return value;
}
