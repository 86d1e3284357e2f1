// The relay sandboxes reach a projects' server on the host's loopback through, and the check of
// accounts' connection budgets it makes for a server too old to make it itself (PostgreSQL < 17).
import { type Server, type Socket, connect, createServer } from 'node:net';
import pg from 'pg';
import { KeyedSerializer } from '../common/keyed-serializer.js';
import { ACCOUNT_PREFIX } from './database-guards.sql.js';

export interface Relay {
  port: number;
  close(): Promise<void>;
}

/** Codes of the first message a PostgreSQL client sends. */
const PROTOCOL_3 = 196_608;
const SSL_REQUEST = 80_877_103;
const GSSENC_REQUEST = 80_877_104;
/** PostgreSQL's own bound on a startup message. */
const MAX_STARTUP_BYTES = 10_000;
const STARTUP_TIMEOUT_MS = 10_000;

/**
 * Forwards each connection to the target byte for byte; closing it ends every connection. With a
 * gate, each connection's startup message is read first and a connection past its account's budget
 * is refused with PostgreSQL's own error (53300), as the login check does on newer servers.
 */
export function startRelay(listenHost: string, listenPort: number, target: { host: string; port: number }, gate: AccountConnectionGate | null = null): Promise<Relay> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const relay: Server = createServer((client) => {
    track(client);
    client.on('error', () => client.destroy());
    if (!gate) return forward(client, Buffer.alloc(0), target, track, null);
    readStartup(client, (startup, user) => {
      if (user === null) return forward(client, startup, target, track, null);
      gate.admit(user).then(
        ({ refusal, login }) => {
          if (refusal) return client.end(fatalError('53300', refusal.message, refusal.hint));
          forward(client, startup, target, track, login);
        },
        () => client.end(fatalError('08006', "The projects' database server could not be reached")),
      );
    });
  });
  const close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => relay.close(() => resolve()));
    await gate?.close();
  };
  return new Promise((resolve, reject) => {
    relay.once('error', reject);
    relay.listen(listenPort, listenHost, () => resolve({ port: (relay.address() as { port: number }).port, close }));
  });
}

/**
 * Reads the client's first messages: answers SSL and GSS encryption requests with "no" (the server
 * has neither), then hands on the startup message with the user it names (null for a cancel
 * request or anything else, which go to the server as they are).
 */
function readStartup(client: Socket, done: (startup: Buffer, user: string | null) => void): void {
  let buffered = Buffer.alloc(0);
  client.setTimeout(STARTUP_TIMEOUT_MS, () => client.destroy());
  const onData = (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    while (buffered.length >= 8) {
      const length = buffered.readInt32BE(0);
      if (length < 8 || length > MAX_STARTUP_BYTES) return client.destroy();
      if (buffered.length < length) return;
      const code = buffered.readInt32BE(4);
      if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
        client.write('N');
        buffered = buffered.subarray(length);
        continue;
      }
      client.off('data', onData);
      client.pause();
      client.setTimeout(0);
      return done(buffered, code === PROTOCOL_3 ? startupParameter(buffered.subarray(8, length), 'user') : null);
    }
  };
  client.on('data', onData);
}

/** A parameter of a startup message: NUL-terminated names and values, then one NUL. */
function startupParameter(body: Buffer, name: string): string | null {
  const parts = body.toString('utf8').split('\0');
  for (let i = 0; i + 1 < parts.length; i += 2) if (parts[i] === name) return parts[i + 1]!;
  return null;
}

/** Connects to the target with what the client sent so far; a gated `login` hears its local port, and its end once the server has accepted or refused it. */
function forward(client: Socket, startup: Buffer, target: { host: string; port: number }, track: (socket: Socket) => void, login: PendingLogin | null): void {
  const upstream = connect(target.port, target.host);
  track(upstream);
  const settled = login ? () => login.settled() : null;
  if (login) upstream.once('connect', () => login.connectedFrom(upstream.localAddress && upstream.localPort ? `${upstream.localAddress}:${upstream.localPort}` : null));
  const end = () => {
    settled?.();
    client.destroy();
    upstream.destroy();
  };
  client.on('error', end);
  upstream.on('error', end);
  client.on('close', end);
  upstream.on('close', end);
  if (settled) {
    // The server's first ReadyForQuery ('Z') or ErrorResponse ('E') ends the login.
    let seen = Buffer.alloc(0);
    const onReply = (chunk: Buffer) => {
      seen = Buffer.concat([seen, chunk]);
      while (seen.length >= 5) {
        const type = String.fromCharCode(seen[0]!);
        if (type === 'Z' || type === 'E') {
          upstream.off('data', onReply);
          return settled();
        }
        const length = seen.readInt32BE(1);
        if (seen.length < length + 1) return;
        seen = seen.subarray(length + 1);
      }
    };
    upstream.on('data', onReply);
  }
  if (startup.length > 0) upstream.write(startup);
  client.pipe(upstream).pipe(client);
  client.resume();
}

/** A FATAL ErrorResponse, as the server would send it, to refuse a login. */
function fatalError(code: string, message: string, hint?: string): Buffer {
  const fields = [['S', 'FATAL'], ['V', 'FATAL'], ['C', code], ['M', message], ...(hint ? [['H', hint]] : [])];
  const body = Buffer.concat([...fields.map(([type, value]) => Buffer.from(`${type}${value}\0`, 'utf8')), Buffer.from([0])]);
  const header = Buffer.alloc(5);
  header.write('E', 0);
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

interface Refusal {
  message: string;
  hint: string;
}

/** A login the gate let through and the server has not answered yet. */
export interface PendingLogin {
  /** The relay's end of its connection to the server (`address:port`): the server shows it as the backend's client_addr and client_port. */
  connectedFrom(origin: string | null): void;
  /** The server accepted or refused it (or it failed): from now on pg_stat_activity alone counts it. */
  settled(): void;
}

/**
 * An account's connections counted as the login check counts them (its group role's members'
 * connections against the group's connection limit), plus the ones this relay let through whose
 * login has not finished yet. One admission at a time per account, so two cannot take the last one.
 */
export class AccountConnectionGate {
  private readonly admin: pg.Pool;
  private readonly serializer = new KeyedSerializer();
  /** Per account, the logins let through whose answer has not come yet, with the address and port each connected from. */
  private readonly pending = new Map<string, Set<{ origin: string | null }>>();

  constructor(adminUrl: string) {
    this.admin = new pg.Pool({ connectionString: adminUrl, max: 2, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 10_000 });
    this.admin.on('error', () => undefined);
  }

  async admit(user: string): Promise<{ refusal: Refusal | null; login: PendingLogin | null }> {
    const { rows } = await this.admin.query<{ account: string; budget: number }>(
      `SELECT g.oid::text AS account, g.rolconnlimit AS budget
         FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid JOIN pg_roles u ON u.oid = m.member
        WHERE u.rolname = $1 AND g.rolname LIKE $2 LIMIT 1`,
      [user, `${ACCOUNT_PREFIX.replace(/_/g, '\\_')}%`],
    );
    const account = rows[0];
    if (!account || account.budget < 0) return { refusal: null, login: null };
    return this.serializer.run(account.account, async () => {
      const { rows: backends } = await this.admin.query<{ origin: string | null }>(
        `SELECT host(client_addr) || ':' || client_port AS origin FROM pg_stat_activity
          WHERE backend_type = 'client backend' AND usesysid IN (SELECT member FROM pg_auth_members WHERE roleid = $1::oid)`,
        [account.account],
      );
      // A login's backend shows in pg_stat_activity before the server's answer reaches the relay: counted
      // there, it is not counted again as pending (which refused logins within the budget on a loaded host).
      const origins = new Set(backends.map((backend) => backend.origin));
      const pending = this.pending.get(account.account) ?? new Set<{ origin: string | null }>();
      const unseen = [...pending].filter((login) => login.origin === null || !origins.has(login.origin)).length;
      if (backends.length + unseen >= account.budget) {
        return {
          refusal: {
            message: `this account's apps already hold all ${account.budget} database connections it may use at once`,
            hint: 'Let its apps use fewer connections (a smaller pool), or stop one of its previews.',
          },
          login: null,
        };
      }
      const entry = { origin: null as string | null };
      pending.add(entry);
      this.pending.set(account.account, pending);
      return {
        refusal: null,
        login: {
          connectedFrom: (origin) => (entry.origin = origin),
          settled: () => {
            pending.delete(entry);
            if (pending.size === 0 && this.pending.get(account.account) === pending) this.pending.delete(account.account);
          },
        },
      };
    });
  }

  close(): Promise<void> {
    return this.admin.end().catch(() => undefined);
  }
}
