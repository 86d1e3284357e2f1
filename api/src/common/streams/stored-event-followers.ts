import { Logger } from '@nestjs/common';
import type { PgListener } from '../../platform-db/pg-listener.js';
import { Channel } from './channel.js';

/** One stored event of a stream: `payload` is its JSON, serialised once. */
export interface StoredEvent {
  seq: number;
  type: string;
  payload: string;
}

/** Where a kind of stream keeps its events and announces new ones. */
export interface StoredEventSource {
  /** NOTIFY channel carrying `streamId:seq` lines, the newest stored seq of each stream. */
  channel: string;
  /** The type of a stream's last event: a viewer ends with it. */
  lastType: string;
  /** The events of each stream after its cursor, in order, in one query. */
  fetch(cursors: Array<{ streamId: string; afterSeq: number }>): Promise<Array<StoredEvent & { streamId: string }>>;
}

/** Follows one stream: each batch of events goes out in one write to its viewer. */
export type StreamViewer = Channel<readonly StoredEvent[]>;

/** Asked again this often even without a notification: one lost while the listener reconnected costs at most this. */
const SAFETY_POLL_MS = 2000;

interface Follower {
  viewer: StreamViewer;
  /** The last seq this viewer got. */
  after: number;
}

/**
 * Viewers of streams this replica does not write (a job or build running on another replica, or
 * one that ended): each follows the stream's stored events. Replicas announce stored events on the
 * source's channel; one query then fetches what every viewer of every announced stream is missing,
 * so a viewer on one replica follows work running on another live, and sees every event once, in
 * order, up to the last.
 */
export class StoredEventFollowers {
  private readonly logger: Logger;
  private readonly byStream = new Map<string, Set<Follower>>();
  /** Streams with stored events some viewer may be missing. */
  private readonly dirty = new Set<string>();
  private fetching: Promise<void> | null = null;
  private poll: NodeJS.Timeout | null = null;
  private stopListening: (() => void) | null = null;

  constructor(
    private readonly source: StoredEventSource,
    private readonly listener: PgListener,
    context: string,
  ) {
    this.logger = new Logger(context);
  }

  async start(): Promise<void> {
    this.stopListening = await this.listener.listen(this.source.channel, (payload) => this.onNotification(payload));
    this.listener.onReconnect(() => this.markAll());
    this.poll = setInterval(() => this.markAll(), SAFETY_POLL_MS);
    this.poll.unref();
  }

  stop(): void {
    if (this.poll) clearInterval(this.poll);
    this.stopListening?.();
    for (const followers of this.byStream.values()) for (const follower of followers) follower.viewer.end();
    this.byStream.clear();
  }

  /** Every stored event after `afterSeq`, then each one as it is stored, until the last. */
  follow(streamId: string, afterSeq: number): StreamViewer {
    let followers = this.byStream.get(streamId);
    if (!followers) this.byStream.set(streamId, (followers = new Set()));
    const follower: Follower = {
      after: afterSeq,
      viewer: new Channel(() => {
        followers.delete(follower);
        if (followers.size === 0 && this.byStream.get(streamId) === followers) this.byStream.delete(streamId);
      }),
    };
    followers.add(follower);
    this.mark(streamId);
    return follower.viewer;
  }

  /** How many viewers follow streams here. */
  get count(): number {
    let count = 0;
    for (const followers of this.byStream.values()) count += followers.size;
    return count;
  }

  private onNotification(payload: string): void {
    for (const line of payload.split('\n')) {
      const split = line.lastIndexOf(':');
      const streamId = line.slice(0, split);
      const followers = this.byStream.get(streamId);
      if (!followers) continue;
      const seq = Number(line.slice(split + 1));
      for (const follower of followers) {
        if (follower.after < seq) {
          this.mark(streamId);
          break;
        }
      }
    }
  }

  private markAll(): void {
    for (const streamId of this.byStream.keys()) this.mark(streamId);
  }

  private mark(streamId: string): void {
    this.dirty.add(streamId);
    this.fetching ??= this.fetchLoop();
  }

  /**
   * One query for every stream marked since the last; what arrives meanwhile waits for the next
   * round. The loop lets go (`fetching = null`) in the same step as it last finds nothing marked,
   * so a mark made after that starts a new loop rather than waiting for the safety poll.
   */
  private async fetchLoop(): Promise<void> {
    // Marks made in the same tick join this round.
    await new Promise((resolve) => setImmediate(resolve));
    for (;;) {
      if (this.dirty.size === 0) {
        this.fetching = null;
        return;
      }
      const streams = [...this.dirty].filter((streamId) => this.byStream.has(streamId));
      this.dirty.clear();
      const cursors = streams.map((streamId) => ({ streamId, afterSeq: Math.min(...[...this.byStream.get(streamId)!].map((f) => f.after)) }));
      let rows: Array<StoredEvent & { streamId: string }>;
      try {
        rows = await this.source.fetch(cursors);
      } catch (err) {
        this.logger.warn(`Reading stored events for viewers: ${(err as Error).message}`);
        // The safety poll asks again.
        this.fetching = null;
        return;
      }
      const byStream = new Map<string, StoredEvent[]>();
      for (const row of rows) {
        let list = byStream.get(row.streamId);
        if (!list) byStream.set(row.streamId, (list = []));
        list.push(row);
      }
      for (const [streamId, events] of byStream) this.deliver(streamId, events);
    }
  }

  private deliver(streamId: string, events: StoredEvent[]): void {
    for (const follower of [...(this.byStream.get(streamId) ?? [])]) {
      const missed = events.filter((event) => event.seq > follower.after);
      if (missed.length === 0) continue;
      follower.after = missed[missed.length - 1]!.seq;
      follower.viewer.push(missed);
      if (missed[missed.length - 1]!.type === this.source.lastType) follower.viewer.end();
    }
  }
}
