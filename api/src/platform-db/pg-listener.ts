import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import pg from 'pg';
import { DATABASE_URL } from '../config/app-config.js';

type Handler = (payload: string) => void;

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5000;

/**
 * This replica's one LISTEN connection to the platform's database: what other replicas announce with
 * NOTIFY reaches handlers here. After the connection drops and comes back, notifications sent in
 * between are lost, so `onReconnect` handlers catch up from the rows themselves.
 */
@Injectable()
export class PgListener implements OnModuleDestroy {
  private readonly logger = new Logger('Database');
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly reconnectHandlers = new Set<() => void>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;
  private retryMs = RECONNECT_MIN_MS;

  constructor(@Inject(DATABASE_URL) private readonly databaseUrl: string) {}

  /** Calls `handler` with each payload sent on `channel` from now on; answers how to stop. */
  async listen(channel: string, handler: Handler): Promise<() => void> {
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(handler);
    await this.connected();
    if (first) await this.client?.query(`LISTEN ${quoteIdentifier(channel)}`);
    return () => set.delete(handler);
  }

  /** Called each time the connection is back after a drop: notifications may have been missed. */
  onReconnect(handler: () => void): () => void {
    this.reconnectHandlers.add(handler);
    return () => this.reconnectHandlers.delete(handler);
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private connected(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'forge-listener', keepAlive: true });
    client.on('notification', (message) => {
      for (const handler of this.handlers.get(message.channel) ?? []) {
        try {
          handler(message.payload ?? '');
        } catch (err) {
          this.logger.error(`Handling a notification on ${message.channel}: ${(err as Error).message}`);
        }
      }
    });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.logger.warn(`The database's notification connection dropped${err ? ` (${err.message})` : ''}; reconnecting`);
      this.scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    for (const channel of this.handlers.keys()) await client.query(`LISTEN ${quoteIdentifier(channel)}`);
    this.client = client;
    this.retryMs = RECONNECT_MIN_MS;
  }

  private scheduleReconnect(): void {
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
    setTimeout(() => {
      if (this.closed || this.client) return;
      this.connected().then(
        () => {
          for (const handler of this.reconnectHandlers) handler();
        },
        (err: Error) => {
          this.logger.warn(`Reconnecting for notifications: ${err.message}`);
          this.scheduleReconnect();
        },
      );
    }, delay).unref();
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
