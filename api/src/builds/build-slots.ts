import { workMetrics } from '../operations/work-metrics.js';

interface Waiting {
  account: string;
  /** Order of arrival. */
  seq: number;
  start: () => void;
}

/**
 * At most `limit` builds at once, the slots shared fairly between accounts: a free slot goes to the
 * account with the fewest builds running, among equals to the one served longest ago, and within an
 * account in order of arrival. So one account's many slow builds cannot keep everyone else waiting:
 * each account with builds waiting gets a turn before any gets a second. An account also has at most
 * `perAccount` builds running (each holds a running sandbox); its others wait without taking a slot.
 */
export class BuildSlots {
  private running = 0;
  private readonly runningBy = new Map<string, number>();
  private readonly waiting: Waiting[] = [];
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
   * finish first when every slot is taken; 0 when it would start at once.
   */
  ahead(account: string): number {
    if (this.running < this.limit && !this.atAccountLimit(account)) return 0;
    const waiting = [...this.waiting, { account, seq: Infinity, start: () => undefined }];
    const running = new Map(this.runningBy);
    const served = new Map(this.lastServed);
    // The order slots would be handed out in if no build ended: enough for an estimate in words.
    for (let turn = 0; ; turn++) {
      const next = this.pick(waiting, running, served, Infinity)!;
      if (next.seq === Infinity) return turn + 1;
      waiting.splice(waiting.indexOf(next), 1);
      running.set(next.account, (running.get(next.account) ?? 0) + 1);
      served.set(next.account, this.handedOut + turn + 1);
    }
  }

  acquire(account: string): Promise<void> {
    // A slot free means no waiting build could take it: they all wait for their own account.
    if (this.running < this.limit && !this.atAccountLimit(account)) {
      this.begin(account);
      return Promise.resolve();
    }
    return new Promise<void>((start) => workMetrics.buildQueueDepth(this.waiting.push({ account, seq: this.arrivals++, start })));
  }

  release(account: string): void {
    this.running--;
    const left = (this.runningBy.get(account) ?? 1) - 1;
    if (left > 0) this.runningBy.set(account, left);
    else this.runningBy.delete(account);
    while (this.running < this.limit) {
      const next = this.pick(this.waiting, this.runningBy, this.lastServed, this.perAccount);
      if (!next) return;
      this.waiting.splice(this.waiting.indexOf(next), 1);
      workMetrics.buildQueueDepth(this.waiting.length);
      this.begin(next.account);
      next.start();
    }
  }

  private begin(account: string): void {
    this.running++;
    this.runningBy.set(account, (this.runningBy.get(account) ?? 0) + 1);
    this.lastServed.set(account, ++this.handedOut);
  }

  /**
   * The waiting build whose account runs fewest, then was served longest ago; the earliest of that
   * account's. Accounts running `cap` builds already are passed over.
   */
  private pick(waiting: Waiting[], running: Map<string, number>, served: Map<string, number>, cap: number): Waiting | undefined {
    const before = (a: Waiting, b: Waiting) => (running.get(a.account) ?? 0) - (running.get(b.account) ?? 0) || (served.get(a.account) ?? 0) - (served.get(b.account) ?? 0) || a.seq - b.seq;
    let best: Waiting | undefined;
    for (const candidate of waiting) {
      if ((running.get(candidate.account) ?? 0) >= cap) continue;
      if (!best || before(candidate, best) < 0) best = candidate;
    }
    return best;
  }
}
