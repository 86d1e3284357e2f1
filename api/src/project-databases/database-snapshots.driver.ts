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
import { DatabaseLimitsDriver } from './database-limits.driver.js';
import { describeSchema, qualified, quote, unsupportedObjects } from './database-snapshot-schema.js';
import { END_OF_ROWS, readSnapshotHeader } from './database-snapshot-format.js';
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
        const header = await describeSchema(client);
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
