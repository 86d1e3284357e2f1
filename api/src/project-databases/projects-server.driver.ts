import { Inject, Injectable } from '@nestjs/common';
import pg from 'pg';
import { ErrorCode } from '@forge/protocol/errors';
import { DomainError } from '../common/errors/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DatabaseLimitsDriver } from './database-limits.driver.js';
import { ProjectsServerConnections, type ProvidedDatabase } from './projects-server.connections.js';

export type { ProvidedDatabase } from './projects-server.connections.js';

export interface TablePage {
  columns: string[];
  rows: Array<Record<string, unknown>>;
  total: number;
}

const UNDEFINED_TABLE = '42P01';
const UNDEFINED_COLUMN = '42703';
const TOO_MANY_CONNECTIONS = '53300';

/**
 * Each project's database and role on the projects' PostgreSQL server: created and dropped as its
 * administrator, its tables read as the project's own role. With DatabaseLimitsDriver, the only
 * code that talks to that server (through ProjectsServerConnections).
 */
@Injectable()
export class ProjectsServerDriver {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly connections: ProjectsServerConnections,
    private readonly limits: DatabaseLimitsDriver,
  ) {}

  get available(): boolean {
    return this.connections.available;
  }

  /** The URL the app gets, with the address sandboxes reach the server by. */
  appUrl({ name, password }: ProvidedDatabase): string {
    const server = this.connections.requireServer();
    const url = new URL(`postgresql://${server.sandboxHost ?? '127.0.0.1'}:${server.sandboxPort}`);
    url.username = name;
    url.password = password;
    url.pathname = `/${name}`;
    return url.toString();
  }

  /**
   * The project's role (a random password, a connection limit, the settings of DatabaseLimitsDriver,
   * membership of its account's group, no other rights) and its database, owned by it, that nobody
   * else may connect to. Safe to repeat: what exists is brought to these settings, but a database
   * refused writes for its size stays refused.
   */
  async provision({ name, password }: ProvidedDatabase, accountGroup: string): Promise<{ writesRefused: boolean }> {
    const { connectionLimit } = this.config.projectDatabases;
    const role = pg.escapeIdentifier(name);
    const settings = `LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION NOBYPASSRLS CONNECTION LIMIT ${connectionLimit} PASSWORD ${pg.escapeLiteral(password)}`;
    await this.connections.asAdmin(async (admin) => {
      const roleExists = (await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [name])).rowCount! > 0;
      await admin.query(`${roleExists ? 'ALTER' : 'CREATE'} ROLE ${role} ${settings}`);
      await this.limits.applyToRole(admin, name, accountGroup);
      const databaseExists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount! > 0;
      if (!databaseExists) await admin.query(`CREATE DATABASE ${role} OWNER ${role} CONNECTION LIMIT ${connectionLimit}`);
    });
    // Its schema is its own whatever the server's template says (older servers let everyone create in public).
    return this.connections.asAdmin(async (admin) => {
      await admin.query('BEGIN');
      try {
        const { writesRefused } = await this.limits.applyToDatabase(admin);
        if (!writesRefused) {
          await admin.query(`REVOKE ALL ON DATABASE ${role} FROM PUBLIC`);
          await admin.query(`GRANT CONNECT, TEMPORARY ON DATABASE ${role} TO ${role}`);
          await admin.query(`ALTER SCHEMA public OWNER TO ${role}`);
          await admin.query('REVOKE ALL ON SCHEMA public FROM PUBLIC');
        }
        await admin.query('COMMIT');
        return { writesRefused };
      } catch (err) {
        await admin.query('ROLLBACK').catch(() => undefined);
        throw err;
      }
    }, name);
  }

  /** Drops the database (ending its sessions) and its role; nothing when neither exists. */
  async drop(name: string): Promise<void> {
    this.connections.forgetProject(name);
    const role = pg.escapeIdentifier(name);
    await this.connections.asAdmin(async (admin) => {
      await admin.query(`DROP DATABASE IF EXISTS ${role} WITH (FORCE)`);
      await admin.query(`DROP ROLE IF EXISTS ${role}`);
    });
  }

  async exists(name: string): Promise<{ database: boolean; role: boolean }> {
    return this.connections.asAdmin(async (admin) => ({
      database: (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount! > 0,
      role: (await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [name])).rowCount! > 0,
    }));
  }

  /**
   * One page of a table, read as the project's own role. The table name is quoted as an
   * identifier and the paging values are bound, so neither can become SQL.
   */
  async tablePage(database: ProvidedDatabase, table: string, orderBy: string[], page: number, pageSize: number): Promise<TablePage> {
    const pool = this.connections.asProject(database);
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
      if ((err as { code?: string }).code === TOO_MANY_CONNECTIONS) throw connectionsUsedUp(err as Error);
      throw err;
    }
  }
}

/** The project's or its account's connections are all taken (by its own apps), or the whole server's are. */
function connectionsUsedUp(err: Error): DomainError {
  if (/account's apps|for role/.test(err.message)) {
    return new DomainError(
      ErrorCode.QuotaExceeded,
      'Your apps hold all the database connections they may use, so none is free to show this data',
      'Let them use fewer connections (a smaller pool), or stop one of your previews, then try again.',
    );
  }
  return new DomainError(ErrorCode.Unavailable, "The projects' database server has no connection free right now", 'Try again in a moment.');
}

/** Values as JSON shows them: binary as hex, everything else as pg parsed it. */
function jsonValue(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return `\\x${value.toString('hex')}`;
  return value;
}
