import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { Inject, Injectable } from '@nestjs/common';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { GUARD_SCHEMA } from './database-guards.sql.js';
import { DatabaseLimitsDriver } from './database-limits.driver.js';
import { END_OF_ROWS, SNAPSHOT_FORMAT, SNAPSHOT_FORMAT_VERSION, type SnapshotHeader, type SnapshotSequence, readSnapshotHeader } from './database-snapshot-format.js';
import { type AdminClient, ProjectsServerConnections } from './projects-server.connections.js';

/** Why a database was not snapshotted, in words for its owner. */
export class SnapshotRefused extends Error {}

const MB = 1024 * 1024;
const BEING_ACCESSED = '55006';
/** Rows go to COPY in pieces of about this size. */
const LOAD_BATCH_CHARS = 64 * 1024;
const SWAP_ATTEMPTS = 10;
/** The suffixes of a restore's databases beside the project's own: the one being loaded, and the one swapped out. */
const NEXT = '_next';
const PREVIOUS = '_previous';

/**
 * Restore points of a provided database: its schema (read from the catalogs) and rows (COPY) written
 * to a file, and loaded back into a new database that is then swapped in by renaming, so a restore
 * that fails leaves the database as it was. With ProjectsServerDriver and DatabaseLimitsDriver, code
 * that talks to the projects' server.
 */
@Injectable()
export class DatabaseSnapshotsDriver {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly connections: ProjectsServerConnections,
    private readonly limits: DatabaseLimitsDriver,
  ) {}

  get available(): boolean {
    return this.connections.available;
  }

  /**
   * Writes the database `name` to `file` (gzip), reading it in one consistent snapshot. Refused, and
   * nothing left behind, when it holds objects a snapshot does not keep or more than `maxBytes` of rows.
   * Answers the file's size.
   */
  async dump(name: string, file: string, maxBytes: number): Promise<{ bytes: number }> {
    const partial = `${file}.partial`;
    const gzip = createGzip({ level: 6 });
    const written = pipeline(gzip, createWriteStream(partial, { mode: 0o600 }));
    let used = 0;
    const put = async (chunk: Buffer | string): Promise<void> => {
      used += chunk.length;
      if (used > maxBytes) throw new SnapshotRefused(`its data is over the ${Math.round(maxBytes / MB)} MB a restore point keeps`);
      await writeTo(gzip, chunk);
    };
    try {
      // A client of its own, ended after: a copy stopped midway leaves nothing to roll back in a read-only transaction.
      await this.connections.asAdmin(async (client) => {
        await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
        await client.query('SET LOCAL search_path = public');
        const unsupported = await unsupportedObjects(client);
        if (unsupported.length > 0) throw new SnapshotRefused(`its database holds ${unsupported.join(', ')}, which restore points do not keep`);
        const header = await describe(client);
        await put(`${JSON.stringify(header)}\n`);
        for (const table of header.tables) {
          for await (const chunk of client.query(copyTo(`COPY ${qualified(table.name)} (${table.columns.map(quote).join(', ')}) TO STDOUT`))) await put(chunk as Buffer);
          await put(`${END_OF_ROWS}\n`);
        }
        await client.query('COMMIT');
      }, name);
      gzip.end();
      await written;
      const { size } = await stat(partial);
      await rename(partial, file);
      return { bytes: size };
    } catch (err) {
      gzip.destroy();
      await written.catch(() => undefined);
      await rm(partial, { force: true });
      throw err;
    }
  }

  /** Replaces the database `name` with the snapshot in `file`, or leaves it as it was. */
  async restore(name: string, file: string): Promise<void> {
    await this.prepareRestore(name, file);
    await this.swapIn(name);
  }

  /**
   * Loads the snapshot in `file` into a new database beside `name` (owned by the role of that name,
   * with the same rights and guards), for `swapIn`. On failure nothing of it is left.
   */
  async prepareRestore(name: string, file: string): Promise<void> {
    const role = quote(name);
    const next = `${name}${NEXT}`;
    const { connectionLimit } = this.config.projectDatabases;
    await this.connections.asAdmin(async (admin) => {
      // What a restore interrupted by a stop may have left.
      for (const leftover of [next, `${name}${PREVIOUS}`]) await admin.query(`DROP DATABASE IF EXISTS ${quote(leftover)} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${quote(next)} OWNER ${role} CONNECTION LIMIT ${connectionLimit}`);
    });
    try {
      await this.connections.asAdmin(async (client) => {
        await client.query('BEGIN');
        try {
          await this.limits.applyToDatabase(client);
          await client.query(`REVOKE ALL ON DATABASE ${quote(next)} FROM PUBLIC`);
          await client.query(`GRANT CONNECT, TEMPORARY ON DATABASE ${quote(next)} TO ${role}`);
          await client.query(`ALTER SCHEMA public OWNER TO ${role}`);
          await client.query('REVOKE ALL ON SCHEMA public FROM PUBLIC');
          // What is made belongs to the project's role, as if its app had made it.
          await client.query(`SET LOCAL ROLE ${role}`);
          await client.query('SET LOCAL search_path = public');
          await load(client, file);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        }
      }, next);
    } catch (err) {
      await this.discardRestore(name).catch(() => undefined);
      throw err;
    }
  }

  /** The prepared database takes the place of `name`; the one it replaces is dropped. */
  async swapIn(name: string): Promise<void> {
    const previous = `${name}${PREVIOUS}`;
    try {
      await this.swap(name, `${name}${NEXT}`, previous);
    } catch (err) {
      await this.discardRestore(name).catch(() => undefined);
      throw err;
    }
    await this.connections.asAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${quote(previous)} WITH (FORCE)`)).catch(() => undefined);
  }

  /** A prepared restore given up. */
  async discardRestore(name: string): Promise<void> {
    await this.connections.asAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${quote(`${name}${NEXT}`)} WITH (FORCE)`));
  }

  /** What a restore may have left of a project's database: dropped with the project. */
  async dropLeftovers(name: string): Promise<void> {
    await this.connections.asAdmin(async (admin) => {
      for (const leftover of [`${name}${NEXT}`, `${name}${PREVIOUS}`]) await admin.query(`DROP DATABASE IF EXISTS ${quote(leftover)} WITH (FORCE)`);
    });
  }

  /**
   * Both renames in one transaction: sessions of the app are ended and new ones refused while it
   * runs (the project's role is no superuser), and the new database takes the name its URL names.
   */
  private async swap(name: string, next: string, previous: string): Promise<void> {
    this.connections.forgetProject(name);
    const { connectionLimit } = this.config.projectDatabases;
    await this.connections.asAdmin(async (admin) => {
      await admin.query(`ALTER DATABASE ${quote(name)} CONNECTION LIMIT 0`);
      try {
        for (let attempt = 1; ; attempt++) {
          await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
          await admin.query('BEGIN');
          try {
            await admin.query(`ALTER DATABASE ${quote(name)} RENAME TO ${quote(previous)}`);
            await admin.query(`ALTER DATABASE ${quote(next)} RENAME TO ${quote(name)}`);
            await admin.query('COMMIT');
            return;
          } catch (err) {
            await admin.query('ROLLBACK').catch(() => undefined);
            // A session that was still ending: it goes within moments.
            if ((err as { code?: string }).code !== BEING_ACCESSED || attempt >= SWAP_ATTEMPTS) throw err;
            await sleep(20 * attempt);
          }
        }
      } catch (err) {
        await admin.query(`ALTER DATABASE ${quote(name)} CONNECTION LIMIT ${connectionLimit}`).catch(() => undefined);
        throw err;
      }
    });
  }
}

/** Objects a snapshot would lose: their presence refuses it rather than keeping half a database. */
async function unsupportedObjects(client: AdminClient): Promise<string[]> {
  const { rows } = await client.query<{ kind: string }>(`
    SELECT DISTINCT kind FROM (
      SELECT 'views' AS kind FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('v', 'm')
      UNION ALL SELECT 'partitioned or foreign tables' FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('p', 'f')
      UNION ALL SELECT 'functions' FROM pg_proc WHERE pronamespace = 'public'::regnamespace
      UNION ALL SELECT 'triggers' FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal
      UNION ALL SELECT 'row security policies' FROM pg_policy p JOIN pg_class c ON c.oid = p.polrelid WHERE c.relnamespace = 'public'::regnamespace
      UNION ALL SELECT 'schemas other than public' FROM pg_namespace WHERE nspname NOT IN ('public', 'information_schema', '${GUARD_SCHEMA}') AND nspname NOT LIKE 'pg\\_%'
      UNION ALL SELECT 'extensions' FROM pg_extension WHERE extname <> 'plpgsql'
      UNION ALL SELECT 'types other than enums' FROM pg_type t WHERE t.typnamespace = 'public'::regnamespace
        AND (t.typtype IN ('d', 'r', 'm') OR (t.typtype = 'c' AND EXISTS (SELECT 1 FROM pg_class c WHERE c.oid = t.typrelid AND c.relkind = 'c')))
    ) found ORDER BY kind`);
  return rows.map((row) => row.kind);
}

interface ColumnRow {
  table: string;
  column: string;
  type: string;
  not_null: boolean;
  identity: string;
  generated: string;
  default_expr: string | null;
  seq_start: string | null;
  seq_increment: string | null;
  seq_min: string | null;
  seq_max: string | null;
  seq_cache: string | null;
  seq_cycle: boolean | null;
}

/** The schema of `public` as statements, in the order a restore runs them. */
async function describe(client: AdminClient): Promise<SnapshotHeader> {
  const schema: string[] = [];
  const enums = await client.query<{ name: string; labels: string[] }>(`
    SELECT t.typname AS name, array_agg(e.enumlabel ORDER BY e.enumsortorder)::text[] AS labels
      FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid WHERE t.typnamespace = 'public'::regnamespace GROUP BY t.typname ORDER BY t.typname`);
  for (const { name, labels } of enums.rows) schema.push(`CREATE TYPE ${qualified(name)} AS ENUM (${labels.map((label) => pg.escapeLiteral(label)).join(', ')})`);

  // Sequences of their own (serial columns' among them); an identity column makes its own.
  const sequences = await client.query<{ name: string; type: string; start: string; increment: string; min: string; max: string; cache: string; cycle: boolean }>(`
    SELECT c.relname AS name, format_type(s.seqtypid, NULL) AS type, s.seqstart::text AS start, s.seqincrement::text AS increment,
           s.seqmin::text AS min, s.seqmax::text AS max, s.seqcache::text AS cache, s.seqcycle AS cycle
      FROM pg_sequence s JOIN pg_class c ON c.oid = s.seqrelid
     WHERE c.relnamespace = 'public'::regnamespace
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'i')
     ORDER BY c.relname`);
  for (const sequence of sequences.rows) schema.push(`CREATE SEQUENCE ${qualified(sequence.name)} AS ${sequence.type}${sequenceOptions(sequence)}`);

  const columns = await client.query<ColumnRow>(`
    SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
           a.attidentity::text AS identity, a.attgenerated::text AS generated, pg_get_expr(d.adbin, d.adrelid) AS default_expr,
           s.seqstart::text AS seq_start, s.seqincrement::text AS seq_increment, s.seqmin::text AS seq_min, s.seqmax::text AS seq_max,
           s.seqcache::text AS seq_cache, s.seqcycle AS seq_cycle
      FROM pg_class c
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
      LEFT JOIN LATERAL (
        SELECT q.* FROM pg_depend dep JOIN pg_sequence q ON q.seqrelid = dep.objid
         WHERE dep.refobjid = c.oid AND dep.refobjsubid = a.attnum AND dep.deptype = 'i' AND dep.classid = 'pg_class'::regclass LIMIT 1
      ) s ON true
     WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
     ORDER BY c.relname, a.attnum`);
  const tables = new Map<string, { definitions: string[]; copied: string[] }>();
  for (const row of columns.rows) {
    let table = tables.get(row.table);
    if (!table) tables.set(row.table, (table = { definitions: [], copied: [] }));
    table.definitions.push(columnDefinition(row));
    if (!row.generated) table.copied.push(row.column);
  }
  for (const [name, table] of tables) schema.push(`CREATE TABLE ${qualified(name)} (${table.definitions.join(', ')})`);

  const owned = await client.query<{ sequence: string; table: string; column: string }>(`
    SELECT q.relname AS sequence, t.relname AS table, a.attname AS column
      FROM pg_depend d JOIN pg_class q ON q.oid = d.objid AND q.relkind = 'S'
      JOIN pg_class t ON t.oid = d.refobjid JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
     WHERE d.classid = 'pg_class'::regclass AND d.deptype = 'a' AND q.relnamespace = 'public'::regnamespace`);
  for (const { sequence, table, column } of owned.rows) schema.push(`ALTER SEQUENCE ${qualified(sequence)} OWNED BY ${qualified(table)}.${quote(column)}`);

  const positions: SnapshotSequence[] = [];
  const allSequences = await client.query<{ name: string; table: string | null; column: string | null }>(`
    SELECT q.relname AS name, t.relname AS table, a.attname AS column
      FROM pg_class q
      LEFT JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = q.oid AND d.deptype = 'i'
      LEFT JOIN pg_class t ON t.oid = d.refobjid LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
     WHERE q.relnamespace = 'public'::regnamespace AND q.relkind = 'S' ORDER BY q.relname`);
  for (const { name, table, column } of allSequences.rows) {
    const { rows } = await client.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM ${qualified(name)}`);
    positions.push({ name, identityOf: table && column ? { table, column } : null, lastValue: rows[0]!.last_value, isCalled: rows[0]!.is_called });
  }

  const constraints = await client.query<{ table: string; name: string; definition: string }>(`
    SELECT c.relname AS table, k.conname AS name, pg_get_constraintdef(k.oid) AS definition
      FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
     WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND k.contype IN ('p', 'u', 'c', 'x', 'f')
     ORDER BY k.contype = 'f', c.relname, k.conname`);
  const indexes = await client.query<{ definition: string }>(`
    SELECT pg_get_indexdef(i.indexrelid) AS definition
      FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_class x ON x.oid = i.indexrelid
     WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid AND k.conrelid = i.indrelid AND k.contype IN ('p', 'u', 'x'))
     ORDER BY x.relname`);
  const keysAndChecks = constraints.rows.map(({ table, name, definition }) => `ALTER TABLE ${qualified(table)} ADD CONSTRAINT ${quote(name)} ${definition}`);
  const references = keysAndChecks.filter((_, i) => /^FOREIGN KEY/.test(constraints.rows[i]!.definition));
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_FORMAT_VERSION,
    schema,
    tables: [...tables].map(([name, table]) => ({ name, columns: table.copied })),
    sequences: positions,
    // Indexes before references, as pg_dump orders them: a reference needs its key's index.
    constraints: [...keysAndChecks.filter((statement) => !references.includes(statement)), ...indexes.rows.map((row) => row.definition), ...references],
  };
}

function columnDefinition(row: ColumnRow): string {
  let definition = `${quote(row.column)} ${row.type}`;
  if (row.generated === 's' || row.generated === 'v') definition += ` GENERATED ALWAYS AS (${row.default_expr}) ${row.generated === 's' ? 'STORED' : 'VIRTUAL'}`;
  else if (row.identity === 'a' || row.identity === 'd') {
    const options =
      row.seq_start === null
        ? ''
        : ` (${sequenceOptions({ start: row.seq_start, increment: row.seq_increment!, min: row.seq_min!, max: row.seq_max!, cache: row.seq_cache!, cycle: row.seq_cycle! }).trim()})`;
    definition += ` GENERATED ${row.identity === 'a' ? 'ALWAYS' : 'BY DEFAULT'} AS IDENTITY${options}`;
  } else if (row.default_expr !== null) definition += ` DEFAULT ${row.default_expr}`;
  if (row.not_null) definition += ' NOT NULL';
  return definition;
}

function sequenceOptions(sequence: { start: string; increment: string; min: string; max: string; cache: string; cycle: boolean }): string {
  return ` START WITH ${sequence.start} INCREMENT BY ${sequence.increment} MINVALUE ${sequence.min} MAXVALUE ${sequence.max} CACHE ${sequence.cache}${sequence.cycle ? ' CYCLE' : ' NO CYCLE'}`;
}

/** Runs a snapshot's statements and rows in the (new, empty) database the client is in. */
async function load(client: AdminClient, file: string): Promise<void> {
  const lines = linesOf(file);
  const first = await lines.next();
  const header = readSnapshotHeader(first.done ? undefined : first.value);
  for (const statement of header.schema) await client.query(statement);
  for (const table of header.tables) {
    const rows = client.query(copyFrom(`COPY ${qualified(table.name)} (${table.columns.map(quote).join(', ')}) FROM STDIN`));
    const done = new Promise<void>((resolveDone, reject) => {
      rows.on('finish', resolveDone);
      rows.on('error', reject);
    });
    let batch = '';
    try {
      for (;;) {
        const next = await lines.next();
        if (next.done) throw new Error(`The snapshot file ends inside the rows of ${table.name}`);
        if (next.value === END_OF_ROWS) break;
        batch += `${next.value}\n`;
        if (batch.length >= LOAD_BATCH_CHARS) {
          await writeTo(rows, batch);
          batch = '';
        }
      }
    } catch (err) {
      // Ends the COPY on the server (CopyFail), so the connection can roll the transaction back.
      rows.destroy(err as Error);
      await done.catch(() => undefined);
      throw err;
    }
    if (batch) await writeTo(rows, batch);
    rows.end();
    await done;
  }
  for (const sequence of header.sequences) {
    const target = sequence.identityOf
      ? `pg_get_serial_sequence(${pg.escapeLiteral(qualified(sequence.identityOf.table))}, ${pg.escapeLiteral(sequence.identityOf.column)})`
      : pg.escapeLiteral(qualified(sequence.name));
    await client.query(`SELECT setval(${target}, $1::bigint, $2)`, [sequence.lastValue, sequence.isCalled]);
  }
  for (const statement of header.constraints) await client.query(statement);
}

/** The file's lines, unzipped; a damaged file fails the reading (readline would wait for ever). */
async function* linesOf(file: string): AsyncGenerator<string> {
  const input = createReadStream(file);
  const unzipped = input.pipe(createGunzip());
  input.on('error', (err) => unzipped.destroy(err));
  // A character split between chunks is joined again.
  const decoder = new StringDecoder('utf8');
  let partial = '';
  for await (const chunk of unzipped as AsyncIterable<Buffer>) {
    const lines = (partial + decoder.write(chunk)).split('\n');
    partial = lines.pop()!;
    yield* lines;
  }
  partial += decoder.end();
  if (partial) yield partial;
}

async function writeTo(stream: Writable, chunk: Buffer | string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

function quote(identifier: string): string {
  return pg.escapeIdentifier(identifier);
}

function qualified(name: string): string {
  return `public.${quote(name)}`;
}
