import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Module from 'node:module';
import pg from 'pg';

// Jest loads this file as CommonJS, without the projects' moduleNameMapper: the platform's sources
// import each other as `./x.js`, which exists only as `./x.ts` here.
const modules = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
const resolveFilename = modules._resolveFilename;
modules._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]) {
  try {
    return resolveFilename.call(this, request, ...rest);
  } catch (err) {
    if (!/^\.{1,2}\/.*\.js$/.test(request)) throw err;
    return resolveFilename.call(this, request.replace(/\.js$/, '.ts'), ...rest);
  }
};

/**
 * Two PostgreSQL servers for the run, as in production: the platform's (DATABASE_URL, or an embedded
 * one) and the projects' (PROJECTS_DATABASE_URL, or a second embedded one).
 */
export default async function globalSetup(): Promise<void> {
  const { startEmbeddedPostgres } = await import('../../src/database/embedded-postgres.ts');
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
