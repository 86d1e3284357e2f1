import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ErrorCode } from '@forge/protocol/errors';
import { LimitHitsRepository } from './limit-hits.repository.js';

/** The refusals an account's "limits hit" counts: a rate limit, an allowance used up, no credits left. */
const LIMIT_CODES: ReadonlySet<string> = new Set([ErrorCode.RateLimited, ErrorCode.QuotaExceeded, ErrorCode.CreditsExhausted]);
const FLUSH_MS = 10_000;

/**
 * How often each account hit a limit, for the operators' console. Counted in memory where errors
 * become HTTP, and added to the accounts' rows in one statement every FLUSH_MS (and at shutdown):
 * a refused request costs no write of its own.
 */
@Injectable()
export class LimitHitsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('LimitHits');
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly repository: LimitHitsRepository) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.flush(), FLUSH_MS).unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  /** An error answered to `accountId` (none: a visitor without an account, not counted). */
  record(accountId: string | undefined, code: string): void {
    if (!accountId || !LIMIT_CODES.has(code)) return;
    this.pending.set(accountId, (this.pending.get(accountId) ?? 0) + 1);
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    await this.repository.add(batch).catch((err: Error) => this.logger.warn(`Counting limits hit: ${err.message}`));
  }
}
