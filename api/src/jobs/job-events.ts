import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { type AnyJobEvent, SSE_DONE } from '@forge/protocol/streams';
import { Channel } from '../common/streams/channel.js';
import { DONE_EVENT_TYPE, JobEventFollowers, type JobViewer, toMessage } from './job-event-followers.js';
import { type JobEventRecord, JobsRepository } from './jobs.repository.js';

export { DONE_EVENT_TYPE, type JobViewer } from './job-event-followers.js';

/** Hides secret values in a text. */
export type TextMask = (text: string) => string;
const UNMASKED: TextMask = (text) => text;

interface LiveLog {
  jobId: string;
  /** Ids up to here are recorded as possibly sent; no event beyond it reaches a viewer. */
  reserved: number;
  reserving: Promise<void> | null;
  /** The project's secrets, hidden in every string of every event before it is kept or sent. */
  mask: TextMask;
  events: JobEventRecord[];
  viewers: Set<JobViewer>;
  /** Appended this tick, not yet handed to viewers: one write per viewer per tick. */
  undelivered: JobEventRecord[];
  unpersisted: JobEventRecord[];
  finished: boolean;
}

export const DONE_PAYLOAD = SSE_DONE;
/**
 * Viewers on this replica get events at once from memory; the database catches up in one statement
 * for all jobs at most this long after, which is also when viewers on other replicas hear of them.
 * Short: it adds to every remote viewer's latency, and one statement per 5 ms is cheap for PostgreSQL.
 */
const FLUSH_DELAY_MS = 5;
/**
 * Event ids are reserved in the database in blocks before they are sent, so that after a crash the
 * events that end an interrupted job are numbered past anything a viewer saw. The next block is
 * asked for while half of this one is left, so sending never waits in practice.
 */
export const SEQ_BLOCK = 1000;

/**
 * The event log of every job: appended by the runner, replayed and followed by any number of
 * viewers. Jobs running on this replica are served from memory; others (finished, or running on
 * another replica) from PostgreSQL, followed live through the notifications of stored events.
 */
@Injectable()
export class JobEventLog implements OnApplicationShutdown {
  private readonly logger = new Logger('JobEvents');
  private readonly live = new Map<string, LiveLog>();
  private flushTimer: NodeJS.Timeout | null = null;
  /** The write under way; one at a time keeps every job's rows in order. */
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly repository: JobsRepository,
    private readonly followers: JobEventFollowers,
  ) {}

  /** Starts the log of a job whose ids up to `reserved` the database has reserved; `mask` hides its project's secrets. */
  open(jobId: string, reserved: number, mask: TextMask = UNMASKED): void {
    this.live.set(jobId, { jobId, reserved, reserving: null, mask, events: [], viewers: new Set(), undelivered: [], unpersisted: [], finished: false });
  }

  /** Appends an event, its strings masked, serialised once for storage and every viewer. */
  append(jobId: string, event: AnyJobEvent): JobEventRecord {
    const mask = this.live.get(jobId)?.mask ?? UNMASKED;
    // Most jobs write a new project, with nothing to mask: they keep the plain, faster serialisation.
    const payload = mask === UNMASKED ? JSON.stringify(event) : JSON.stringify(event, (_key, value: unknown) => (typeof value === 'string' ? mask(value) : value));
    return this.record(jobId, event.type, payload);
  }

  private record(jobId: string, type: string, payload: string): JobEventRecord {
    const log = this.live.get(jobId);
    if (!log || log.finished) throw new Error(`Job ${jobId} has no open event log`);
    const event: JobEventRecord = { seq: log.events.length + 1, type, payload };
    log.events.push(event);
    log.unpersisted.push(event);
    if (log.undelivered.push(event) === 1) process.nextTick(() => this.deliver(log));
    if (event.seq > log.reserved - SEQ_BLOCK / 2) this.reserveMore(log);
    this.flushTimer ??= setTimeout(() => void this.flush(), FLUSH_DELAY_MS);
    return event;
  }

  private reserveMore(log: LiveLog): Promise<void> {
    log.reserving ??= this.repository
      .reserveSeq(log.jobId, SEQ_BLOCK)
      .then((reserved) => {
        log.reserved = reserved;
      })
      .catch((err: Error) => this.logger.error(`Reserving event ids of job ${log.jobId}: ${err.message}`))
      .finally(() => {
        log.reserving = null;
        this.deliver(log);
      });
    return log.reserving;
  }

  /** Appends the final [DONE], waits until everything is stored, then serves the job from Postgres. */
  async close(jobId: string): Promise<void> {
    const log = this.live.get(jobId);
    if (!log || log.finished) return;
    this.record(jobId, DONE_EVENT_TYPE, DONE_PAYLOAD);
    log.finished = true;
    // Viewers get the last events once their ids are reserved (or, if the database refuses, anyway).
    while (log.events.length > log.reserved) {
      const before = log.reserved;
      await this.reserveMore(log);
      if (log.reserved === before) break;
    }
    this.deliver(log, true);
    await this.flush();
    this.live.delete(jobId);
  }

  /** One batch for every viewer, formatted once; [DONE] ends them. Events past the reserved ids wait. */
  private deliver(log: LiveLog, force = false): void {
    let count = log.undelivered.length;
    while (!force && count > 0 && log.undelivered[count - 1]!.seq > log.reserved) count--;
    const batch = log.undelivered.splice(0, count);
    if (batch.length === 0 || log.viewers.size === 0) return;
    const messages = batch.map(toMessage);
    const done = batch[batch.length - 1]!.type === DONE_EVENT_TYPE;
    for (const viewer of log.viewers) {
      viewer.push(messages);
      if (done) viewer.end();
    }
  }

  /**
   * Every event after `afterSeq`, then the job live until [DONE], in batches. A viewer that stops
   * early (its client went away) stops being followed.
   */
  async follow(jobId: string, afterSeq: number): Promise<JobViewer> {
    const log = this.live.get(jobId);
    if (log) {
      // Synchronous from here: no event can slip between the replay and the subscription. A running
      // job's undelivered events come with its next delivery, so the replay stops short of them.
      const end = log.finished ? log.events.length : log.events.length - log.undelivered.length;
      const missed = log.events.slice(afterSeq, end);
      const viewer: JobViewer = new Channel(() => log.viewers.delete(viewer));
      if (missed.length > 0) viewer.push(missed.map(toMessage));
      if (log.finished) viewer.end();
      else log.viewers.add(viewer);
      return viewer;
    }
    return this.followers.follow(jobId, afterSeq);
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
