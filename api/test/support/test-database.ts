import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database on the run's server; each test file gets its own. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.FORGE_TEST_SERVER_URL;
  if (!serverUrl) throw new Error('FORGE_TEST_SERVER_URL is not set: run the integration tests through jest with the global setup');
  const name = `forge_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}
