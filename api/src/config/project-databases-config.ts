// Where generated apps keep their data, and the limits no app can lift.
import { ConfigError, type Env, flag, integer, url } from './env.js';

export interface ProjectDatabasesConfig {
  /** An operator's server (an admin URL); absent: a second embedded server under dataDir. */
  adminUrl: string | null;
  /** Connections one project's role may hold at once. */
  connectionLimit: number;
  /** Connections all of one account's projects may hold at once (apps, their db:push and seed, the Database view). */
  accountConnections: number;
  /** A statement running longer is cancelled, whatever the app set. */
  statementTimeoutSeconds: number;
  /** Past this size a database takes no more writes until it is smaller. */
  maxMb: number;
  /** Temporary files (large sorts and hashes) one connection may write, a limit only a superuser may change. */
  temporaryFilesMb: number;
  /** Private memory one connection of the embedded server may use, whatever its work_mem. */
  connectionMemoryMb: number;
  /** The embedded server's max_connections, and how many of them only the platform's administrator may take. */
  serverConnections: number;
  reservedConnections: number;
  /** A restore point keeps a database whose rows (as COPY writes them) fit in this many megabytes; a larger one is noted, not kept. */
  snapshotMb: number;
  /** Restore points with data kept per project: the newest; older versions keep their code only. */
  snapshotsKept: number;
  /** A data app's first successful build provisions, pushes and seeds its database. */
  autoInitialize: boolean;
}

export function projectDatabasesFrom(env: Env): ProjectDatabasesConfig {
  const serverConnections = integer(env, 'PROJECTS_DATABASE_MAX_CONNECTIONS', 200, 20, 10_000);
  const reservedConnections = integer(env, 'PROJECTS_DATABASE_RESERVED_CONNECTIONS', 10, 3, 1000);
  if (reservedConnections >= serverConnections / 2) {
    throw new ConfigError('PROJECTS_DATABASE_RESERVED_CONNECTIONS', `${reservedConnections} leaves too few of the ${serverConnections} connections (PROJECTS_DATABASE_MAX_CONNECTIONS) to apps`);
  }
  return {
    adminUrl: url(env, 'PROJECTS_DATABASE_URL', ['postgres:', 'postgresql:']),
    connectionLimit: integer(env, 'PROJECT_DATABASE_CONNECTIONS', 10, 2, 1000),
    accountConnections: integer(env, 'PROJECT_DATABASE_ACCOUNT_CONNECTIONS', 20, 2, 10_000),
    statementTimeoutSeconds: integer(env, 'PROJECT_DATABASE_STATEMENT_TIMEOUT_SECONDS', 30, 1, 86_400),
    maxMb: integer(env, 'PROJECT_DATABASE_MAX_MB', 256, 1, 10_000_000),
    temporaryFilesMb: integer(env, 'PROJECT_DATABASE_TEMP_FILES_MB', 256, 1, 10_000_000),
    connectionMemoryMb: integer(env, 'PROJECT_DATABASE_MEMORY_MB', 256, 64, 1_000_000),
    serverConnections,
    reservedConnections,
    snapshotMb: integer(env, 'PROJECT_DATABASE_SNAPSHOT_MB', 20, 1, 10_000),
    snapshotsKept: integer(env, 'PROJECT_DATABASE_SNAPSHOTS_KEPT', 10, 1, 1000),
    autoInitialize: flag(env, 'AUTO_INITIALIZE_DATABASES', true),
  };
}
