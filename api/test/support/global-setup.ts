import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../src/platform-db/embedded-postgres.ts';

/**
 * Two PostgreSQL servers for the run, as in production: the platform's (DATABASE_URL, or an embedded
 * one) and the projects' (PROJECTS_DATABASE_URL, or a second embedded one).
 */
export default async function globalSetup(): Promise<void> {
  const stops: Array<() => Promise<void>> = [];
  const dir = await mkdtemp(join(tmpdir(), 'forge-test-pg-'));
  if (process.env.DATABASE_URL) {
    process.env.FORGE_TEST_SERVER_URL = process.env.DATABASE_URL;
  } else {
    const db = await startEmbeddedPostgres(dir, () => {});
    process.env.FORGE_TEST_SERVER_URL = db.url;
    stops.push(() => db.stop());
  }
  if (process.env.PROJECTS_DATABASE_URL) {
    process.env.FORGE_TEST_PROJECTS_SERVER_URL = process.env.PROJECTS_DATABASE_URL;
  } else {
    // Loaded through CommonJS, this file cannot import the platform's own start-up of this server
    // (main.ts does it, which the end-to-end and start-up tests run); it does the same here.
    const projects = await startEmbeddedPostgres(dir, () => {}, { name: 'projects-postgres', database: null });
    const admin = new pg.Client({ connectionString: projects.url });
    await admin.connect();
    await admin.query('REVOKE CONNECT, TEMPORARY ON DATABASE postgres FROM PUBLIC');
    await admin.query('REVOKE CONNECT, TEMPORARY ON DATABASE template1 FROM PUBLIC');
    await admin.end();
    process.env.FORGE_TEST_PROJECTS_SERVER_URL = projects.url;
    stops.push(() => projects.stop());
  }
  (globalThis as Record<string, unknown>).__FORGE_TEST_DB__ = { stops, dir };
}
