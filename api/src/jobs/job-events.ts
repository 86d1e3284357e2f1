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
  jobId: string;
  events: JobEventRecord[];
  listeners: Set<JobEventListener>;
  /** Appended this tick, not yet handed to listeners: one write per viewer per tick. */
  undelivered: JobEventRecord[];
  unpersisted: JobEventRecord[];
  finished: boolean;
}

export const DONE_EVENT_TYPE = 'done';
export const DONE_PAYLOAD = '[DONE]';
// Viewers get events at once from memory; the database catches up in one batch for all jobs.
const FLUSH_DELAY_MS = 250;

/**
 * The event log of every job: appended by the runner, replayed and followed by any number of
 * viewers. Running jobs are served from memory; finished ones from Postgres.
 */
@Injectable()
export class JobEventLog implements OnApplicationShutdown {
  private readonly logger = new Logger('JobEvents');
  private readonly live = new Map<string, LiveLog>();
  private flushTimer: NodeJS.Timeout | null = null;
  /** The write under way; one at a time keeps every job's rows in order. */
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly repository: JobsRepository) {}

  open(jobId: string): void {
    this.live.set(jobId, { jobId, events: [], listeners: new Set(), undelivered: [], unpersisted: [], finished: false });
  }

  /** Appends an event whose payload is `data` as JSON (the final [DONE] passes none). */
  append(jobId: string, type: string, data?: object): JobEventRecord {
    const log = this.live.get(jobId);
    if (!log || log.finished) throw new Error(`Job ${jobId} has no open event log`);
    const payload = data === undefined ? DONE_PAYLOAD : JSON.stringify(data);
    const event: JobEventRecord = { seq: log.events.length + 1, type, payload };
    log.events.push(event);
    log.unpersisted.push(event);
    if (log.undelivered.push(event) === 1) process.nextTick(() => this.deliver(log));
    this.flushTimer ??= setTimeout(() => void this.flush(), FLUSH_DELAY_MS);
    return event;
  }

  /** Appends the final [DONE], waits until everything is stored, then serves the job from Postgres. */
  async close(jobId: string): Promise<void> {
    const log = this.live.get(jobId);
    if (!log || log.finished) return;
    this.append(jobId, DONE_EVENT_TYPE);
    log.finished = true;
    await this.flush();
    this.live.delete(jobId);
  }

  private deliver(log: LiveLog): void {
    const batch = log.undelivered.splice(0);
    for (const listener of log.listeners) listener(batch);
  }

  /**
   * Sends every event after `afterSeq`, then follows the job until [DONE].
   * Answers a function that stops following.
   */
  async follow(jobId: string, afterSeq: number, listener: JobEventListener): Promise<() => void> {
    const log = this.live.get(jobId);
    if (log) {
      // Synchronous from here: no event can slip between the replay and the subscription. A running
      // job's undelivered events come with its next delivery, so the replay stops short of them.
      const end = log.finished ? log.events.length : log.events.length - log.undelivered.length;
      const missed = log.events.slice(afterSeq, end);
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

  /** Stores what every live job has not stored yet, in one statement; resolves once it is stored. */
  private flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.flushing = this.flushing.then(async () => {
      const batch: Array<{ jobId: string; events: JobEventRecord[] }> = [];
      for (const log of this.live.values()) {
        if (log.unpersisted.length > 0) batch.push({ jobId: log.jobId, events: log.unpersisted.splice(0) });
      }
      if (batch.length === 0) return;
      try {
        await this.repository.insertEventBatches(batch);
      } catch (err) {
        const count = batch.reduce((n, b) => n + b.events.length, 0);
        this.logger.error(`Storing ${count} job events failed: ${(err as Error).message}`);
      }
    });
    return this.flushing;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.flush();
  }
}
