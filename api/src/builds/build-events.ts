import { Injectable, Logger, type OnApplicationShutdown, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { StoredEventFollowers, type StoredEvent } from '../common/streams/stored-event-followers.js';
import { PgListener } from '../platform-db/pg-listener.js';
import { BUILD_EVENTS_CHANNEL, BuildsRepository } from './builds.repository.js';

/** Viewers on this replica see a build's events at once; other replicas within this, through the database. */
const FLUSH_DELAY_MS = 15;

/** Stores the events of the builds running here, a few milliseconds after they are sent, in one statement for all. */
@Injectable()
export class BuildEventStore implements OnApplicationShutdown {
  private readonly logger = new Logger('Builds');
  private readonly pending = new Map<string, StoredEvent[]>();
  private timer: NodeJS.Timeout | null = null;
  /** One write at a time keeps each build's rows in order. */
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly repository: BuildsRepository) {}

  append(buildId: string, event: StoredEvent): void {
    let events = this.pending.get(buildId);
    if (!events) this.pending.set(buildId, (events = []));
    events.push(event);
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_DELAY_MS);
  }

  /** Resolves once everything appended so far is stored. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.flushing = this.flushing.then(async () => {
      const batches = [...this.pending].map(([streamId, events]) => ({ streamId, events }));
      this.pending.clear();
      if (batches.length === 0) return;
      try {
        await this.repository.insertEvents(batches);
      } catch (err) {
        this.logger.error(`Storing the events of ${batches.length} build(s) failed: ${(err as Error).message}`);
      }
    });
    return this.flushing;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.flush();
  }
}

/** Viewers of builds this replica does not run (running on another replica, or ended), fed from the stored events. */
@Injectable()
export class BuildEventFollowers extends StoredEventFollowers implements OnModuleInit, OnModuleDestroy {
  constructor(repository: BuildsRepository, listener: PgListener) {
    super({ channel: BUILD_EVENTS_CHANNEL, fetch: (cursors) => repository.eventsAfterMany(cursors) }, listener, 'Builds');
  }

  onModuleInit(): Promise<void> {
    return this.start();
  }

  onModuleDestroy(): void {
    this.stop();
  }
}
