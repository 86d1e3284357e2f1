import { workMetrics } from '../operations/work-metrics.js';

interface Waiting {
  account: string;
  /** Order of arrival. */
  seq: number;
  start: () => void;
}

/**
 * At most `limit` builds at once, the slots shared fairly between accounts. Builds cannot be paused,
 * so fairness is kept when slots are handed out:
 * - an account's first running build takes any free slot;
 * - a second (or later) one only while the account stays within its fair share (the slots divided by
 *   the accounts that have builds running or waiting, at least one) and at least one other slot stays
 *   free, for an account that has nothing running. One account's long builds therefore never hold
 *   every slot: another account's build starts at once unless each slot runs a different account's
 *   build. The price is a slot left idle while a single account builds several projects;
 * - a free slot goes to the waiting account with the fewest builds running, among equals to the one
 *   served longest ago, and within an account in order of arrival.
 * An account also has at most `perAccount` builds running (each holds a running sandbox); its others
 * wait without taking a slot.
 */
export class BuildSlots {
  private running = 0;
  private readonly runningBy = new Map<string, number>();
  private readonly waiting: Waiting[] = [];
  private readonly waitingBy = new Map<string, number>();
  /** When each account last got a slot, as a count of slots handed out. */
  private readonly lastServed = new Map<string, number>();
  private handedOut = 0;
  private arrivals = 0;

  constructor(
    private readonly limit: number,
    private readonly perAccount: number,
  ) {}

  get capacity(): number {
    return this.limit;
  }

  get accountCapacity(): number {
    return this.perAccount;
  }

  /** Whether a build the account asked for now would wait for one of its own to finish. */
  atAccountLimit(account: string): boolean {
    return (this.runningBy.get(account) ?? 0) >= this.perAccount;
  }

  /**
   * How many builds would get a slot before one the account asked for now, counting one that must
   * finish first when it cannot start; 0 when it would start at once.
   */
  ahead(account: string): number {
    if (this.mayStart(account)) return 0;
    const waiting = [...this.waiting, { account, seq: Infinity, start: () => undefined }];
    const running = new Map(this.runningBy);
    const served = new Map(this.lastServed);
    // The order slots would be handed out in as builds end: enough for an estimate in words.
    for (let turn = 0; ; turn++) {
      const next = first(waiting, running, served)!;
      if (next.seq === Infinity) return turn + 1;
      waiting.splice(waiting.indexOf(next), 1);
      running.set(next.account, (running.get(next.account) ?? 0) + 1);
      served.set(next.account, this.handedOut + turn + 1);
    }
  }

  acquire(account: string): Promise<void> {
    // No waiting build may take a free slot now (each release hands on what it can), so this one
    // passes nobody by starting.
    if (this.mayStart(account)) {
      this.begin(account);
      return Promise.resolve();
    }
    this.waitingBy.set(account, (this.waitingBy.get(account) ?? 0) + 1);
    return new Promise<void>((start) => workMetrics.buildQueueDepth(this.waiting.push({ account, seq: this.arrivals++, start })));
  }

  release(account: string): void {
    this.running--;
    decrement(this.runningBy, account);
    for (;;) {
      const next = first(
        this.waiting.filter((candidate) => this.mayStart(candidate.account)),
        this.runningBy,
        this.lastServed,
      );
      if (!next) return;
      this.waiting.splice(this.waiting.indexOf(next), 1);
      decrement(this.waitingBy, next.account);
      workMetrics.buildQueueDepth(this.waiting.length);
      this.begin(next.account);
      next.start();
    }
  }

  /** Whether a build of the account may take a free slot now, by the rules above. */
  private mayStart(account: string): boolean {
    const free = this.limit - this.running;
    const own = this.runningBy.get(account) ?? 0;
    if (free === 0 || own >= this.perAccount) return false;
    if (own === 0) return true;
    return free > 1 && own < this.fairShare(account);
  }

  /** The slots divided by the accounts that want some (this one included), at least one. */
  private fairShare(account: string): number {
    let accounts = this.runningBy.has(account) || this.waitingBy.has(account) ? 0 : 1;
    accounts += this.runningBy.size;
    for (const waiter of this.waitingBy.keys()) if (!this.runningBy.has(waiter)) accounts++;
    return Math.max(1, Math.floor(this.limit / accounts));
  }

  private begin(account: string): void {
    this.running++;
    this.runningBy.set(account, (this.runningBy.get(account) ?? 0) + 1);
    this.lastServed.set(account, ++this.handedOut);
  }
}

/** The waiting build whose account runs fewest, then was served longest ago; the earliest of that account's. */
function first<T extends Waiting>(waiting: T[], running: Map<string, number>, served: Map<string, number>): T | undefined {
  const before = (a: Waiting, b: Waiting) => (running.get(a.account) ?? 0) - (running.get(b.account) ?? 0) || (served.get(a.account) ?? 0) - (served.get(b.account) ?? 0) || a.seq - b.seq;
  let best: T | undefined;
  for (const candidate of waiting) if (!best || before(candidate, best) < 0) best = candidate;
  return best;
}

function decrement(counts: Map<string, number>, account: string): void {
  const left = (counts.get(account) ?? 1) - 1;
  if (left > 0) counts.set(account, left);
  else counts.delete(account);
}
