import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { StoredEventFollowers } from '../common/streams/stored-event-followers.js';
import { PgListener } from '../platform-db/pg-listener.js';
import { JOB_EVENTS_CHANNEL, JobsRepository } from './jobs.repository.js';

export { DONE_EVENT_TYPE, type StreamViewer as JobViewer, toMessage } from '../common/streams/stored-event-followers.js';

/** Viewers of jobs this replica does not run (running elsewhere, or ended), fed from the stored events. */
@Injectable()
export class JobEventFollowers extends StoredEventFollowers implements OnModuleInit, OnModuleDestroy {
  constructor(repository: JobsRepository, listener: PgListener) {
    super({ channel: JOB_EVENTS_CHANNEL, fetch: (cursors) => repository.eventsAfterMany(cursors) }, listener, 'JobEvents');
  }

  onModuleInit(): Promise<void> {
    return this.start();
  }

  onModuleDestroy(): void {
    this.stop();
  }
}
