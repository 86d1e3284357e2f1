// `npm run db:migration -- <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql with the SQL
// that takes a database holding every committed migration to the current schema.prisma. Works offline.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { MIGRATIONS_DIR, migrate } from './migrator.js';
import { diffDatabaseToSchema } from './schema-engine.js';

const name = (process.argv[2] ?? '').trim();
if (!/^[a-z0-9_]+$/.test(name)) {
  console.error('Usage: npm run db:migration -- <name_in_snake_case>');
  process.exit(1);
}

async function scratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const dir = join(tmpdir(), `forge-migration-${process.pid}`);
    const db = await startEmbeddedPostgres(dir, console.error);
    return {
      url: db.url,
      drop: async () => {
        await db.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const scratch = `forge_migration_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${scratch}"`);
  const url = new URL(base);
  url.pathname = `/${scratch}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${scratch}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

const db = await scratchDatabase();
try {
  await migrate(db.url, console.error);
  const sql = await diffDatabaseToSchema(db.url);
  if (!sql.trim()) {
    console.log('schema.prisma matches the committed migrations: nothing to write.');
  } else {
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const dir = join(MIGRATIONS_DIR, `${stamp}_${name}`);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'migration.sql'), sql);
    console.log(`Wrote ${join(dir, 'migration.sql')}`);
  }
} finally {
  await db.drop();
}
