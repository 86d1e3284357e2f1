// A project's own PostgreSQL database, as the Database view shows it.

/** `GET /api/projects/{p}/database/status` */
export interface DatabaseStatusResponse {
  /** The project's files describe a database (a schema). */
  hasDatabase: boolean;
  isInitialized: boolean;
  /** The provided database's size against its limit; null for none, or the owner's own server. */
  size: DatabaseSize | null;
}

export interface DatabaseSize {
  usedMb: number;
  limitMb: number;
  /** Over its limit, the database takes no new data: its app may read, delete rows and empty tables. */
  writesRefused: boolean;
}

/** What the owner is told of a database over its size (the Database view, the build log), or null while it is under. */
export function databaseSizeNotice({ usedMb, limitMb, writesRefused }: DatabaseSize): string | null {
  if (usedMb <= limitMb && !writesRefused) return null;
  const over = `The app's database uses ${usedMb.toFixed(1)} MB, over this platform's limit of ${limitMb} MB`;
  if (!writesRefused) return `${over}: it will take no new data until it is smaller. Delete data the app no longer needs.`;
  return `${over}, so it takes no new data: the app can still read, delete rows and empty tables, and writes come back once it is under the limit.`;
}

export interface DatabaseColumn {
  name: string;
  type: string;
  primaryKey: boolean;
  notNull: boolean;
  unique: boolean;
  /** `table.column` this column refers to, or null. */
  references: string | null;
  default: string | null;
}

export interface DatabaseTable {
  name: string;
  columns: DatabaseColumn[];
}

export interface DatabaseSchema {
  description: string | null;
  tables: DatabaseTable[];
}

/** `GET /api/projects/{p}/database/schema` */
export interface DatabaseSchemaResponse {
  schema: DatabaseSchema;
}

/** `GET /api/projects/{p}/database/tables/{t}/data?page=&pageSize=`: `page` counts from 1. */
export interface TableDataResponse {
  columns: string[];
  /** One object per row, keyed by column name; values as JSON. */
  rows: Array<Record<string, unknown>>;
  total: number;
}
export const MAX_TABLE_PAGE_SIZE = 100;

/**
 * `GET /api/database/auto-url?project=`: the database Forge provides for the project. The
 * password is never sent: it goes only into the app's environment. `url` names the role, host,
 * port and database (what the app connects to); `maskedUrl` is the same with the password shown as
 * `****`, as the dialog displays it.
 */
export interface AutoDatabaseUrlResponse {
  url: string;
  maskedUrl: string;
}

/** `POST /api/projects/{p}/database/initialize` */
export interface InitializeDatabaseRequest {
  runSeed: boolean;
  useAutoUrl?: boolean;
  databaseUrl?: string;
}
export interface InitializeDatabaseResponse {
  ok: true;
  /** What the project's db:push (and db:seed) printed, secrets masked. */
  output: string;
  /** Whether the running preview was restarted with the new DATABASE_URL. */
  previewRestarted: boolean;
}

const URL_PREFIXES = ['postgresql://', 'postgres://'];

/** Why a custom database URL is refused, in the words the user sees, or null when it will do. */
export function databaseUrlError(value: string): string | null {
  const url = value.trim();
  if (url === '') return 'Database URL is required';
  if (!URL_PREFIXES.some((prefix) => url.startsWith(prefix) && url.length > prefix.length)) {
    return 'Invalid PostgreSQL URL format. Must start with postgresql:// or postgres://';
  }
  // Without a host the push has nothing to reach and fails with no reason (drizzle-kit prints only its spinner).
  const authority = url.slice(url.indexOf('//') + 2).split(/[/?#]/)[0]!;
  const hostAndPort = authority.slice(authority.lastIndexOf('@') + 1);
  if (hostAndPort.replace(/:\d*$/, '') === '') return 'The URL names no host: postgresql://user:password@host:5432/database';
  try {
    new URL(url);
  } catch {
    return 'This URL cannot be read: percent-encode special characters in the user name and password (@ as %40)';
  }
  return null;
}

/** The `host:port` a database URL points at, for messages (no credentials), or null when it cannot be read. */
export function databaseUrlAddress(value: string): string | null {
  try {
    const url = new URL(value.trim());
    return url.hostname ? `${url.hostname}:${url.port || '5432'}` : null;
  } catch {
    return null;
  }
}
