import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { SseMessage } from '../common/http/sse.js';
import { Channel } from '../common/streams/channel.js';
import { PgListener } from '../database/pg-listener.js';
import { JOB_EVENTS_CHANNEL, type JobEventRecord, JobsRepository } from './jobs.repository.js';

/** Follows one job: each batch of events goes out in one write to its viewer. */
export type JobViewer = Channel<readonly SseMessage[]>;

export const DONE_EVENT_TYPE = 'done';
/** Asked again this often even without a notification: one lost while the listener reconnected costs at most this. */
const SAFETY_POLL_MS = 2000;

interface Follower {
  viewer: JobViewer;
  /** The last seq this viewer got. */
  after: number;
}

/**
 * Viewers of jobs this replica does not run: each follows the job's stored events. Replicas announce
 * stored events on JOB_EVENTS_CHANNEL (`jobId:seq` lines); one query then fetches what every
 * viewer of every announced job is missing, so a viewer on one replica follows a job running on
 * another live, and sees every event once, in order, up to [DONE].
 */
@Injectable()
export class JobEventFollowers implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('JobEvents');
  private readonly byJob = new Map<string, Set<Follower>>();
  /** Jobs with stored events some viewer may be missing. */
  private readonly dirty = new Set<string>();
  private fetching: Promise<void> | null = null;
  private poll: NodeJS.Timeout | null = null;
  private stopListening: (() => void) | null = null;

  constructor(
    private readonly repository: JobsRepository,
    private readonly listener: PgListener,
  ) {}

  async onModuleInit(): Promise<void> {
    this.stopListening = await this.listener.listen(JOB_EVENTS_CHANNEL, (payload) => this.onNotification(payload));
    this.listener.onReconnect(() => this.markAll());
    this.poll = setInterval(() => this.markAll(), SAFETY_POLL_MS);
    this.poll.unref();
  }

  onModuleDestroy(): void {
    if (this.poll) clearInterval(this.poll);
    this.stopListening?.();
    for (const followers of this.byJob.values()) for (const follower of followers) follower.viewer.end();
    this.byJob.clear();
  }

  /** Every stored event after `afterSeq`, then each one as it is stored, until [DONE]. */
  follow(jobId: string, afterSeq: number): JobViewer {
    let followers = this.byJob.get(jobId);
    if (!followers) this.byJob.set(jobId, (followers = new Set()));
    const follower: Follower = {
      after: afterSeq,
      viewer: new Channel(() => {
        followers.delete(follower);
        if (followers.size === 0 && this.byJob.get(jobId) === followers) this.byJob.delete(jobId);
      }),
    };
    followers.add(follower);
    this.mark(jobId);
    return follower.viewer;
  }

  /** How many viewers follow jobs here. */
  get count(): number {
    let count = 0;
    for (const followers of this.byJob.values()) count += followers.size;
    return count;
  }

  private onNotification(payload: string): void {
    for (const line of payload.split('\n')) {
      const split = line.lastIndexOf(':');
      const jobId = line.slice(0, split);
      const followers = this.byJob.get(jobId);
      if (!followers) continue;
      const seq = Number(line.slice(split + 1));
      for (const follower of followers) {
        if (follower.after < seq) {
          this.mark(jobId);
          break;
        }
      }
    }
  }

  private markAll(): void {
    for (const jobId of this.byJob.keys()) this.mark(jobId);
  }

  private mark(jobId: string): void {
    this.dirty.add(jobId);
    this.fetching ??= this.fetchLoop().finally(() => (this.fetching = null));
  }

  /** One query for every job marked since the last; what arrives meanwhile waits for the next round. */
  private async fetchLoop(): Promise<void> {
    // Marks made in the same tick join this round.
    await new Promise((resolve) => setImmediate(resolve));
    while (this.dirty.size > 0) {
      const jobs = [...this.dirty].filter((jobId) => this.byJob.has(jobId));
      this.dirty.clear();
      const cursors = jobs.map((jobId) => ({ jobId, afterSeq: Math.min(...[...this.byJob.get(jobId)!].map((f) => f.after)) }));
      let rows: Array<JobEventRecord & { jobId: string }>;
      try {
        rows = await this.repository.eventsAfterMany(cursors);
      } catch (err) {
        this.logger.warn(`Reading job events for viewers: ${(err as Error).message}`);
        // The safety poll asks again.
        return;
      }
      const byJob = new Map<string, JobEventRecord[]>();
      for (const row of rows) {
        let list = byJob.get(row.jobId);
        if (!list) byJob.set(row.jobId, (list = []));
        list.push(row);
      }
      for (const [jobId, events] of byJob) this.deliver(jobId, events);
    }
  }

  private deliver(jobId: string, events: JobEventRecord[]): void {
    for (const follower of [...(this.byJob.get(jobId) ?? [])]) {
      const missed = events.filter((event) => event.seq > follower.after);
      if (missed.length === 0) continue;
      follower.after = missed[missed.length - 1]!.seq;
      follower.viewer.push(missed.map(toMessage));
      if (missed[missed.length - 1]!.type === DONE_EVENT_TYPE) follower.viewer.end();
    }
  }
}

export function toMessage(event: JobEventRecord): SseMessage {
  return { id: event.seq, data: event.payload };
}
