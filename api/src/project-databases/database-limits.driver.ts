import { Inject, Injectable, Logger } from '@nestjs/common';
import pg from 'pg';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { ACCOUNT_PREFIX, FROZEN_OWNER, LOCK_DATABASE_SQL, LOGIN_GUARD_SQL, WRITES_REFUSED_SQL, allowWritesSql, refuseWritesSql } from './database-guards.sql.js';
import { type AdminClient, ProjectsServerConnections } from './projects-server.connections.js';

export interface DatabaseUsage {
  name: string;
  bytes: number;
  /** Over its size, the database was given to FROZEN_OWNER: its role may read and delete only. */
  writesRefused: boolean;
}

interface ServerFeatures {
  /** Login event triggers, which check accounts' connection budgets (PostgreSQL 17). */
  loginTriggers: boolean;
  /** `GRANT … WITH INHERIT FALSE, SET FALSE` (PostgreSQL 16). */
  grantOptions: boolean;
  /** Superuser-only settings (temp_file_limit) need a superuser administrator. */
  superuser: boolean;
}

const DUPLICATE_OBJECT = '42710';
const UNIQUE_VIOLATION = '23505';
const ROLE_NAME = /^forge_[pa]_[0-9a-f]{24,32}$/;

/**
 * The limits a project's app cannot lift, on the projects' server: role settings only a superuser
 * may change, the account's group role and login check, cancelling statements past the timeout,
 * and taking writes away from a database over its size (and giving them back).
 */
@Injectable()
export class DatabaseLimitsDriver {
  private readonly logger = new Logger('Databases');
  private features: Promise<ServerFeatures> | null = null;
  private warned = new Set<string>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly connections: ProjectsServerConnections,
  ) {}

  get available(): boolean {
    return this.connections.available;
  }

  /** A project's role: its settings, and membership (that confers nothing) of its account's group. */
  async applyToRole(admin: AdminClient, role: string, accountGroup: string): Promise<void> {
    assertOurName(role);
    assertOurName(accountGroup);
    const features = await this.serverFeatures();
    const { statementTimeoutSeconds, temporaryFilesMb, accountConnections } = this.config.projectDatabases;
    const r = pg.escapeIdentifier(role);
    const group = pg.escapeIdentifier(accountGroup);
    await admin.query(`ALTER ROLE ${r} SET statement_timeout = ${pg.escapeLiteral(`${statementTimeoutSeconds}s`)}`);
    if (features.superuser) await admin.query(`ALTER ROLE ${r} SET temp_file_limit = ${pg.escapeLiteral(`${temporaryFilesMb}MB`)}`);
    else this.warnOnce('superuser', "The projects' server administrator is not a superuser: temp_file_limit cannot be set on projects' roles");
    await ignoringDuplicate(admin.query(`CREATE ROLE ${group} NOLOGIN CONNECTION LIMIT ${accountConnections}`));
    await admin.query(`ALTER ROLE ${group} CONNECTION LIMIT ${accountConnections}`);
    await admin.query(`GRANT ${group} TO ${r}${features.grantOptions ? ' WITH INHERIT FALSE, SET FALSE' : ''}`);
  }

  /** The same for a role provisioned earlier; nothing when the role is gone. */
  async applyToExistingRole(role: string, accountGroup: string): Promise<void> {
    await this.connections.asAdmin(async (admin) => {
      if ((await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role])).rowCount! > 0) await this.applyToRole(admin, role, accountGroup);
    });
  }

  /**
   * In the project's database, holding its lock: the login check of the account's budget. Answers
   * whether the database is refused writes, which provisioning must then leave as it is.
   */
  async applyToDatabase(client: AdminClient): Promise<{ writesRefused: boolean }> {
    await client.query(LOCK_DATABASE_SQL);
    if ((await this.serverFeatures()).loginTriggers) await client.query(LOGIN_GUARD_SQL);
    else this.warnNoLoginTriggers();
    return { writesRefused: (await client.query<{ refused: boolean }>(WRITES_REFUSED_SQL)).rows[0]?.refused ?? false };
  }

  /** Of `names`, the databases made before the login check existed, or on a server that lacked it. */
  async databasesWithoutLoginCheck(names: string[]): Promise<string[]> {
    if (!(await this.serverFeatures()).loginTriggers) {
      this.warnNoLoginTriggers();
      return [];
    }
    return this.connections.asAdmin(async (admin) => {
      const { rows } = await admin.query<{ name: string }>(`SELECT datname AS name FROM pg_database WHERE datname = ANY($1::text[]) AND NOT dathasloginevt`, [names]);
      return rows.map((row) => row.name);
    });
  }

  async installLoginCheck(name: string): Promise<void> {
    assertOurName(name);
    await this.connections.asAdmin(async (client) => {
      await client.query('BEGIN');
      try {
        await this.applyToDatabase(client);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      }
    }, name);
  }

  /** The budget of each of these account groups set to today's setting. */
  async applyAccountBudget(groups: string[]): Promise<void> {
    await this.connections.asAdmin(async (admin) => {
      const { rows } = await admin.query<{ name: string }>(`SELECT rolname AS name FROM pg_roles WHERE rolname = ANY($1::text[]) AND rolconnlimit <> $2`, [
        groups,
        this.config.projectDatabases.accountConnections,
      ]);
      for (const { name } of rows) await admin.query(`ALTER ROLE ${pg.escapeIdentifier(name)} CONNECTION LIMIT ${this.config.projectDatabases.accountConnections}`);
    });
  }

  /** Cancels statements of these projects' roles running longer than the timeout, which an app may have turned off for itself. */
  async cancelOverrunningStatements(names: string[]): Promise<string[]> {
    return this.connections.asAdmin(async (admin) => {
      const { rows } = await admin.query<{ name: string; cancelled: boolean }>(
        // Chosen first, then cancelled: a condition beside the cancel could be checked after it.
        `WITH overrunning AS MATERIALIZED (
           SELECT pid, usename FROM pg_stat_activity
            WHERE usename = ANY($1::text[]) AND state = 'active' AND backend_type = 'client backend'
              AND query_start < clock_timestamp() - make_interval(secs => $2))
         SELECT usename AS name, pg_cancel_backend(pid) AS cancelled FROM overrunning`,
        [names, this.config.projectDatabases.statementTimeoutSeconds],
      );
      return rows.filter((row) => row.cancelled).map((row) => row.name);
    });
  }

  /** Each of these databases' size and whether it is refused writes. */
  async usages(names: string[]): Promise<DatabaseUsage[]> {
    return this.connections.asAdmin(async (admin) => {
      const { rows } = await admin.query<{ name: string; bytes: string | null; refused: boolean }>(
        `SELECT d.datname AS name, pg_database_size(d.oid)::text AS bytes, d.datdba <> r.oid AS refused
           FROM pg_database d JOIN pg_roles r ON r.rolname = d.datname WHERE d.datname = ANY($1::text[])`,
        [names],
      );
      return rows.filter((row) => row.bytes !== null).map((row) => ({ name: row.name, bytes: Number(row.bytes), writesRefused: row.refused }));
    });
  }

  async usage(name: string): Promise<DatabaseUsage | null> {
    return this.connections.asAdmin(async (admin) => {
      const { rows } = await admin.query<{ bytes: string; refused: boolean }>(
        `SELECT pg_database_size(d.oid)::text AS bytes, d.datdba <> r.oid AS refused FROM pg_database d JOIN pg_roles r ON r.rolname = d.datname WHERE d.datname = $1`,
        [name],
      );
      return rows[0] ? { name, bytes: Number(rows[0].bytes), writesRefused: rows[0].refused } : null;
    });
  }

  /** Takes writes away from the database and ends its sessions, so none goes on writing. False when it was refused already. */
  async refuseWrites(name: string): Promise<boolean> {
    assertOurName(name);
    const group = await this.connections.asAdmin(async (admin) => {
      await ignoringDuplicate(admin.query(`CREATE ROLE ${FROZEN_OWNER} NOLOGIN`));
      const { rows } = await admin.query<{ name: string }>(
        `SELECT g.rolname AS name FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid JOIN pg_roles u ON u.oid = m.member WHERE u.rolname = $1 AND g.rolname LIKE $2`,
        [name, likePrefix(ACCOUNT_PREFIX)],
      );
      return rows[0]?.name ?? null;
    });
    const changed = await this.inDatabaseLocked(name, false, refuseWritesSql(name, group));
    if (changed) {
      await this.connections.asAdmin((admin) => admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1', [name]));
    }
    return changed;
  }

  /**
   * Rows deleted from a database refused writes leave their space in its files: the tables that have
   * such rows are rewritten (VACUUM FULL) so the database can get under its limit. Only deletions
   * make dead rows there, so each table is rewritten once per cleanup.
   */
  async reclaimDeletedSpace(name: string): Promise<void> {
    assertOurName(name);
    await this.connections.asAdmin(async (client) => {
      // Never waits long behind the app's own transactions: the next check tries again.
      await client.query("SET lock_timeout = '5s'");
      const { rows } = await client.query<{ tab: string }>('SELECT relid::regclass::text AS tab FROM pg_stat_user_tables WHERE n_dead_tup > 0');
      // ANALYZE counts the rows again, so a table rewritten once is not rewritten at the next check.
      for (const { tab } of rows) await client.query(`VACUUM (FULL, ANALYZE) ${tab}`);
    }, name);
  }

  /** Gives the database back to its role. False when it was not refused. */
  async allowWrites(name: string): Promise<boolean> {
    assertOurName(name);
    return this.inDatabaseLocked(name, true, allowWritesSql(name));
  }

  /** Runs `sql` in the database in one transaction, under its lock, when it is (or is not) refused writes. */
  private inDatabaseLocked(name: string, whenRefused: boolean, sql: string): Promise<boolean> {
    return this.connections.asAdmin(async (client) => {
      await client.query('BEGIN');
      try {
        await client.query(LOCK_DATABASE_SQL);
        const refused = (await client.query<{ refused: boolean }>(WRITES_REFUSED_SQL)).rows[0]?.refused ?? false;
        if (refused !== whenRefused) {
          await client.query('ROLLBACK');
          return false;
        }
        await client.query(sql);
        await client.query('COMMIT');
        return true;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      }
    }, name);
  }

  private serverFeatures(): Promise<ServerFeatures> {
    this.features ??= this.connections
      .asAdmin(async (admin) => {
        const { rows } = await admin.query<{ version: number; superuser: boolean }>(
          `SELECT current_setting('server_version_num')::int AS version, rolsuper AS superuser FROM pg_roles WHERE rolname = current_user`,
        );
        const { version, superuser } = rows[0]!;
        return { loginTriggers: version >= 170_000, grantOptions: version >= 160_000, superuser };
      })
      .catch((err: unknown) => {
        this.features = null;
        throw err;
      });
    return this.features;
  }

  private warnNoLoginTriggers(): void {
    this.warnOnce('login', "The projects' server is older than PostgreSQL 17: accounts' connection budgets hold only for apps that reach it through the platform's relay");
  }

  private warnOnce(key: string, message: string): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.logger.warn(message);
  }
}

/** Names go into SQL text (some inside a DO block's strings): only the shapes the platform makes. */
function assertOurName(name: string): void {
  if (!ROLE_NAME.test(name)) throw new Error(`Not a name the platform gives a project's database or an account: ${name}`);
}

function likePrefix(prefix: string): string {
  return `${prefix.replace(/_/g, '\\_')}%`;
}

/** A role made by another replica at the same moment is as good as one made here. */
async function ignoringDuplicate<T>(query: Promise<T>): Promise<T | undefined> {
  try {
    return await query;
  } catch (err) {
    if ([DUPLICATE_OBJECT, UNIQUE_VIOLATION].includes((err as { code?: string }).code ?? '')) return undefined;
    throw err;
  }
}
