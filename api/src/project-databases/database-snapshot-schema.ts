// The schema half of a restore point (database-snapshots.driver.ts moves the rows): what a project's
// `public` schema holds, read from the catalogs as the statements that make it again, in the order a
// restore runs them, and what a snapshot would lose, which refuses it.
import pg from 'pg';
import { GUARD_SCHEMA } from './database-guards.sql.js';
import { SNAPSHOT_FORMAT, SNAPSHOT_FORMAT_VERSION, type SnapshotHeader, type SnapshotSequence } from './database-snapshot-format.js';
import type { AdminClient } from './projects-server.connections.js';

/** Objects a snapshot would lose: their presence refuses it rather than keeping half a database. */
export async function unsupportedObjects(client: AdminClient): Promise<string[]> {
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
export async function describeSchema(client: AdminClient): Promise<SnapshotHeader> {
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

export function quote(identifier: string): string {
  return pg.escapeIdentifier(identifier);
}

export function qualified(name: string): string {
  return `public.${quote(name)}`;
}
