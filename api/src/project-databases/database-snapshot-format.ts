// The file a restore point keeps a project's database in: gzip of one JSON line that describes the
// schema, then each table's rows in COPY's text format, each ended by `\.`. Written and read by
// DatabaseSnapshotsDriver only. The projects' server is PostgreSQL 18 and Debian's pg_dump is 15,
// which refuses a newer server: the schema is read from the catalogs, the rows moved by COPY.

export const SNAPSHOT_FORMAT = 'forge-database-snapshot';
export const SNAPSHOT_FORMAT_VERSION = 1;
/** Ends a table's rows, as in a plain pg_dump (COPY's text format escapes a `\.` inside a value). */
export const END_OF_ROWS = '\\.';

export interface SnapshotTable {
  /** In the `public` schema, unquoted. */
  name: string;
  /** The columns COPY carries (generated columns are computed again). */
  columns: string[];
}

export interface SnapshotSequence {
  name: string;
  /** An identity column's sequence, found again by its column: its name is the server's choice. */
  identityOf: { table: string; column: string } | null;
  lastValue: string;
  isCalled: boolean;
}

export interface SnapshotHeader {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_FORMAT_VERSION;
  /** Types, sequences and tables without their keys, in the order they must be made. */
  schema: string[];
  tables: SnapshotTable[];
  /** Each sequence's position, set after the rows are in. */
  sequences: SnapshotSequence[];
  /** Keys, checks, references and indexes, made after the rows are in (references last). */
  constraints: string[];
}

/** The header read back, or why the file is not a snapshot this version can load. */
export function readSnapshotHeader(line: string | undefined): SnapshotHeader {
  let header: Partial<SnapshotHeader>;
  try {
    header = JSON.parse(line ?? '') as Partial<SnapshotHeader>;
  } catch {
    throw new Error('The snapshot file does not start with its description');
  }
  if (header.format !== SNAPSHOT_FORMAT || header.version !== SNAPSHOT_FORMAT_VERSION) throw new Error('The snapshot file is not one this version of Forge reads');
  if (!Array.isArray(header.schema) || !Array.isArray(header.tables) || !Array.isArray(header.sequences) || !Array.isArray(header.constraints)) {
    throw new Error('The snapshot file describes its schema incompletely');
  }
  return header as SnapshotHeader;
}
