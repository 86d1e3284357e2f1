import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres.ts';

/** One PostgreSQL server for the run: the one DATABASE_URL names, or an embedded one. */
export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) {
    process.env.FORGE_TEST_SERVER_URL = process.env.DATABASE_URL;
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), 'forge-test-pg-'));
  const db = await startEmbeddedPostgres(dir, () => {});
  process.env.FORGE_TEST_SERVER_URL = db.url;
  (globalThis as Record<string, unknown>).__FORGE_TEST_DB__ = { db, dir };
}
