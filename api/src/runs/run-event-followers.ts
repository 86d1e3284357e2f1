import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { StoredEventFollowers } from '../common/streams/stored-event-followers.js';
import { PgListener } from '../platform-db/pg-listener.js';
import { RUN_EVENTS_CHANNEL, RunsRepository } from './runs.repository.js';
import { END_EVENT_TYPE } from './run-events.js';

/** Viewers of runs this replica does not run (running elsewhere, or ended), fed from the stored events. */
@Injectable()
export class RunEventFollowers extends StoredEventFollowers implements OnModuleInit, OnModuleDestroy {
  constructor(repository: RunsRepository, listener: PgListener) {
    super({ channel: RUN_EVENTS_CHANNEL, lastType: END_EVENT_TYPE, fetch: (cursors) => repository.eventsAfterMany(cursors) }, listener, 'RunEvents');
  }

  onModuleInit(): Promise<void> {
    return this.start();
  }

  onModuleDestroy(): void {
    this.stop();
  }
}
