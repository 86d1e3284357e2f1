import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { PrismaService } from '../platform-db/prisma.service.js';

interface BucketRow {
  hits: number;
  expires_at: Date;
}

const SWEEP_INTERVAL_MS = 10 * 60_000;

/**
 * Fixed-window request counters in PostgreSQL, counted in one atomic statement per request, so
 * they hold across restarts and across replicas. A key over its limit stays refused until its
 * window ends.
 */
@Injectable()
export class RateLimitRepository implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('RateLimits');
  private sweeper: NodeJS.Timeout | null = null;

  constructor(private readonly prisma: PrismaService) {}

  /** Counts one request; answers 0 while within the limit, else the seconds until the window ends. */
  async increment(key: string, windowMs: number, limit: number): Promise<{ hits: number; retryAfterSeconds: number }> {
    const [row] = await this.prisma.$queryRaw<BucketRow[]>`
      INSERT INTO rate_limit_buckets AS b (key, hits, expires_at)
      VALUES (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN b.expires_at <= now() THEN 1 ELSE b.hits + 1 END,
        expires_at = CASE WHEN b.expires_at <= now() THEN EXCLUDED.expires_at ELSE b.expires_at END
      RETURNING hits, expires_at`;
    const hits = row!.hits;
    const retryAfterSeconds = hits > limit ? Math.max(1, Math.ceil((row!.expires_at.getTime() - Date.now()) / 1000)) : 0;
    return { hits, retryAfterSeconds };
  }

  onModuleInit(): void {
    this.sweeper = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS).unref();
  }

  onModuleDestroy(): void {
    if (this.sweeper) clearInterval(this.sweeper);
  }

  /** Windows that ended are only clutter. */
  private async sweep(): Promise<void> {
    await this.prisma.rateLimitBucket.deleteMany({ where: { expiresAt: { lt: new Date() } } }).catch((err: Error) => this.logger.warn(`Sweeping rate-limit counters: ${err.message}`));
  }
}
