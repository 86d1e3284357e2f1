import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { migrate, readMigrations } from '../src/platform-db/migrator.js';
import { SCHEMA_PATH, diffDatabaseToSchema } from '../src/platform-db/schema-engine.js';
import { type TestDatabase, createTestDatabase } from './support/test-database.js';

describe('migrations', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('take an empty database to exactly what schema.prisma describes', async () => {
    const applied = await migrate(database.url, () => {});
    expect(applied.length).toBeGreaterThan(0);
    expect(await diffDatabaseToSchema(database.url)).toBe('');
  });

  it('are recorded as Prisma records them, so prisma migrate deploy sees them as applied', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query('SELECT migration_name, checksum, finished_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name');
    await client.end();
    const expected = await readMigrations();
    expect(rows.map((r) => r.migration_name)).toEqual(expected.map((m) => m.name));
    for (const [i, row] of rows.entries()) {
      expect(row.checksum).toBe(createHash('sha256').update(expected[i]!.sql).digest('hex'));
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.applied_steps_count).toBe(1);
    }
  });

  it('apply nothing the second time', async () => {
    expect(await migrate(database.url, () => {})).toEqual([]);
  });

  it('would notice a schema the migrations do not produce', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'forge-schema-'));
    const changed = join(dir, 'schema.prisma');
    const schema = await readFile(SCHEMA_PATH, 'utf8');
    await writeFile(changed, schema.replace('  keyHint    String', '  nickname   String?\n  keyHint    String'));
    try {
      expect(await diffDatabaseToSchema(database.url, changed)).toContain('"nickname"');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
