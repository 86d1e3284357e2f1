import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { JobsRepository } from './jobs.repository.js';

/** One job event as stored and as sent: `payload` is the SSE `data:` text, serialised once. */
export interface JobEventRecord {
  seq: number;
  type: string;
  payload: string;
}

/** Receives events in order; a replay arrives as one batch. */
export type JobEventListener = (events: JobEventRecord[]) => void;

interface LiveLog {
  events: JobEventRecord[];
  listeners: Set<JobEventListener>;
  unpersisted: JobEventRecord[];
  flushing: Promise<void> | null;
  timer: NodeJS.Timeout | null;
  finished: boolean;
}

export const DONE_EVENT_TYPE = 'done';
export const DONE_PAYLOAD = '[DONE]';
// Viewers get events at once from memory; the database catches up in batches.
const FLUSH_DELAY_MS = 200;
const FLUSH_BATCH = 1000;

/**
 * The event log of every job: appended by the runner, replayed and followed by any number of
 * viewers. Running jobs are served from memory; finished ones from Postgres.
 */
@Injectable()
export class JobEventLog implements OnApplicationShutdown {
  private readonly logger = new Logger('JobEvents');
  private readonly live = new Map<string, LiveLog>();

  constructor(private readonly repository: JobsRepository) {}

  open(jobId: string): void {
    this.live.set(jobId, { events: [], listeners: new Set(), unpersisted: [], flushing: null, timer: null, finished: false });
  }

  /** Appends an event whose payload is `data` as JSON (the final [DONE] passes none). */
  append(jobId: string, type: string, data?: object): JobEventRecord {
    const log = this.live.get(jobId);
    if (!log || log.finished) throw new Error(`Job ${jobId} has no open event log`);
    const payload = data === undefined ? DONE_PAYLOAD : JSON.stringify(data);
    const event: JobEventRecord = { seq: log.events.length + 1, type, payload };
    log.events.push(event);
    log.unpersisted.push(event);
    for (const listener of log.listeners) listener([event]);
    if (log.unpersisted.length >= FLUSH_BATCH) void this.flush(jobId, log);
    else log.timer ??= setTimeout(() => void this.flush(jobId, log), FLUSH_DELAY_MS);
    return event;
  }

  /** Appends the final [DONE], waits until everything is stored, then serves the job from Postgres. */
  async close(jobId: string): Promise<void> {
    const log = this.live.get(jobId);
    if (!log || log.finished) return;
    this.append(jobId, DONE_EVENT_TYPE);
    log.finished = true;
    await this.flush(jobId, log);
    this.live.delete(jobId);
  }

  /**
   * Sends every event after `afterSeq`, then follows the job until [DONE].
   * Answers a function that stops following.
   */
  async follow(jobId: string, afterSeq: number, listener: JobEventListener): Promise<() => void> {
    const log = this.live.get(jobId);
    if (log) {
      // Synchronous from here: no event can slip between the replay and the subscription.
      const missed = log.events.slice(afterSeq);
      if (missed.length > 0) listener(missed);
      if (log.finished) return () => {};
      log.listeners.add(listener);
      return () => log.listeners.delete(listener);
    }
    const stored = await this.repository.eventsAfter(jobId, afterSeq);
    if (stored.length > 0) listener(stored);
    return () => {};
  }

  isLive(jobId: string): boolean {
    return this.live.has(jobId);
  }

  private async flush(jobId: string, log: LiveLog): Promise<void> {
    if (log.timer) clearTimeout(log.timer);
    log.timer = null;
    // One writer at a time keeps the rows in order.
    while (log.flushing) await log.flushing;
    if (log.unpersisted.length === 0) return;
    const batch = log.unpersisted.splice(0);
    log.flushing = this.repository
      .insertEvents(jobId, batch)
      .catch((err: Error) => this.logger.error(`Storing ${batch.length} events of job ${jobId} failed: ${err.message}`))
      .finally(() => {
        log.flushing = null;
      });
    await log.flushing;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.live].map(([jobId, log]) => this.flush(jobId, log)));
  }
}
