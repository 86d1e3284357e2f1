import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { RunEvent } from '@forge/protocol/runs';
import { Channel } from '../common/streams/channel.js';
import type { StoredEvent } from '../common/streams/stored-event-followers.js';
import { END_EVENT_TYPE, type RunViewer, type TextMask, maskEvent, recordOf } from './run-events.js';
import { RunEventFollowers } from './run-event-followers.js';
import { RunsRepository } from './runs.repository.js';

const UNMASKED: TextMask = (text) => text;

interface LiveViewer {
  viewer: RunViewer;
  after: number;
}

interface LiveLog {
  runId: string;
  /** Ids up to here are recorded as possibly sent; no event beyond it reaches a viewer. */
  reserved: number;
  reserving: Promise<void> | null;
  /** The project's secrets, hidden in every string of every event before it is kept or sent. */
  mask: TextMask;
  events: StoredEvent[];
  /** Each viewer with the last id it got. */
  viewers: Set<LiveViewer>;
  /** Appended this tick, not yet handed to viewers: one write per viewer per tick. */
  undelivered: StoredEvent[];
  unpersisted: StoredEvent[];
  finished: boolean;
}

/**
 * Viewers on this replica get events at once from memory; the database catches up in one statement
 * for all runs at most this long after, which is also when viewers on other replicas hear of them.
 * Short: it adds to every remote viewer's latency, and one statement per 5 ms is cheap for PostgreSQL.
 */
const FLUSH_DELAY_MS = 5;
/**
 * Event ids are reserved in the database in blocks before they are sent, so that after a crash the
 * events that end an interrupted run are numbered past anything a viewer saw. The next block is
 * asked for while half of this one is left, so sending never waits in practice.
 */
export const SEQ_BLOCK = 1000;

/**
 * The event log of every run (generation, edit, build, fix): appended by whoever runs it, replayed
 * and followed by any number of viewers. The one place events are masked, numbered, batched and
 * stored. Runs on this replica are served from memory; others (finished, or running on another
 * replica) from PostgreSQL, followed live through the notifications of stored events.
 */
@Injectable()
export class RunEventLog implements OnApplicationShutdown {
  private readonly logger = new Logger('RunEvents');
  private readonly live = new Map<string, LiveLog>();
  private flushTimer: NodeJS.Timeout | null = null;
  /** The write under way; one at a time keeps every run's rows in order. */
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly repository: RunsRepository,
    private readonly followers: RunEventFollowers,
  ) {}

  /** Starts the log of a run whose ids up to `reserved` the database has reserved; `mask` hides its project's secrets. */
  open(runId: string, reserved: number, mask: TextMask = UNMASKED): void {
    this.live.set(runId, { runId, reserved, reserving: null, mask, events: [], viewers: new Set(), undelivered: [], unpersisted: [], finished: false });
  }

  /** The secrets to hide from the next event on (known once the run has looked its project up). */
  useMask(runId: string, mask: TextMask): void {
    const log = this.live.get(runId);
    if (log) log.mask = mask;
  }

  /** Appends an event, its strings masked, serialised once for storage and every viewer; answers it as kept. */
  append<E extends RunEvent>(runId: string, event: E): E {
    const log = this.live.get(runId);
    if (!log || log.finished) throw new Error(`Run ${runId} has no open event log`);
    // Most generations write a new project, with nothing to mask: they keep the plain, faster path.
    const kept = log.mask === UNMASKED ? event : maskEvent(event, log.mask);
    this.record(log, recordOf(log.events.length + 1, kept));
    return kept;
  }

  private record(log: LiveLog, event: StoredEvent): void {
    log.events.push(event);
    log.unpersisted.push(event);
    if (log.undelivered.push(event) === 1) process.nextTick(() => this.deliver(log));
    if (event.seq > log.reserved - SEQ_BLOCK / 2) void this.reserveMore(log);
    this.flushTimer ??= setTimeout(() => void this.flush(), FLUSH_DELAY_MS);
  }

  private reserveMore(log: LiveLog): Promise<void> {
    log.reserving ??= this.repository
      .reserveSeq(log.runId, SEQ_BLOCK)
      .then((reserved) => {
        log.reserved = reserved;
      })
      .catch((err: Error) => this.logger.error(`Reserving event ids of run ${log.runId}: ${err.message}`))
      .finally(() => {
        log.reserving = null;
        this.deliver(log);
      });
    return log.reserving;
  }

  /**
   * Appends the final `end` and waits until everything is stored; only then do viewers get the end,
   * and the run is served from PostgreSQL. So a viewer that saw a run's end finds all of it stored,
   * wherever it looks next (another replica, the run's summary, the rows).
   */
  async close(runId: string): Promise<void> {
    const log = this.live.get(runId);
    if (!log || log.finished) return;
    this.record(log, recordOf(log.events.length + 1, { type: END_EVENT_TYPE }));
    log.finished = true;
    // Viewers get the last events once their ids are reserved (or, if the database refuses, anyway).
    while (log.events.length > log.reserved) {
      const before = log.reserved;
      await this.reserveMore(log);
      if (log.reserved === before) break;
    }
    await this.flush();
    // In the same step as the log leaves memory: a viewer joining later reads the stored rows.
    this.deliver(log, true);
    this.live.delete(runId);
  }

  /**
   * One batch for every viewer, of what it has not had; `end` ends them. Events past the reserved
   * ids wait, and so does `end` until `close` has stored everything (`force`).
   */
  private deliver(log: LiveLog, force = false): void {
    let count = log.undelivered.length;
    while (!force && count > 0 && (log.undelivered[count - 1]!.seq > log.reserved || log.undelivered[count - 1]!.type === END_EVENT_TYPE)) count--;
    const batch = log.undelivered.splice(0, count);
    if (batch.length === 0 || log.viewers.size === 0) return;
    const last = batch[batch.length - 1]!;
    for (const live of log.viewers) {
      // A viewer that resumed from an id it had from the database may be ahead of this delivery.
      const fresh = batch[0]!.seq > live.after ? batch : batch.filter((event) => event.seq > live.after);
      if (fresh.length > 0) live.viewer.push(fresh);
      live.after = Math.max(live.after, last.seq);
      if (last.type === END_EVENT_TYPE) live.viewer.end();
    }
  }

  /**
   * Every event after `afterSeq`, then the run live until its end, in batches. A viewer that stops
   * early (its client went away) stops being followed.
   */
  follow(runId: string, afterSeq: number): RunViewer {
    const log = this.live.get(runId);
    if (!log) return this.followers.follow(runId, afterSeq);
    // Synchronous from here: no event can slip between the replay and the subscription. The
    // undelivered events (the end of a closing run among them) come with the next delivery, so the
    // replay stops short of them.
    const end = log.events.length - log.undelivered.length;
    const live: LiveViewer = { viewer: new Channel(() => log.viewers.delete(live)), after: Math.max(afterSeq, end) };
    const missed = log.events.slice(afterSeq, end);
    if (missed.length > 0) live.viewer.push(missed);
    log.viewers.add(live);
    return live.viewer;
  }

  isLive(runId: string): boolean {
    return this.live.has(runId);
  }

  /** Stores what every live run has not stored yet, in one statement; resolves once it is stored. */
  private flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    this.flushing = this.flushing.then(async () => {
      const batch: Array<{ runId: string; events: StoredEvent[] }> = [];
      for (const log of this.live.values()) {
        if (log.unpersisted.length > 0) batch.push({ runId: log.runId, events: log.unpersisted.splice(0) });
      }
      if (batch.length === 0) return;
      try {
        await this.repository.insertEventBatches(batch);
      } catch (err) {
        const count = batch.reduce((n, b) => n + b.events.length, 0);
        this.logger.error(`Storing ${count} run events failed: ${(err as Error).message}`);
      }
    });
    return this.flushing;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.flush();
  }
}
