import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import type { PoolConfig } from 'pg';
import { DATABASE_URL } from '../config/app-config.js';
import { PrismaClient } from '../generated/prisma/client.js';

/** A client of the platform's database with a pool of its own. */
class PooledPrismaClient extends PrismaClient implements OnModuleDestroy {
  constructor(databaseUrl: string, pool: Omit<PoolConfig, 'connectionString'>) {
    super({ adapter: new PrismaPg({ connectionString: databaseUrl, ...pool }) });
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}

/** The platform's database. Only repositories use it. */
@Injectable()
export class PrismaService extends PooledPrismaClient {
  constructor(@Inject(DATABASE_URL) databaseUrl: string) {
    super(databaseUrl, { max: 10 });
  }
}

/**
 * Connections kept for the live events of jobs and builds, which each store one batch and fetch one
 * round at a time. In the main pool they queued behind bursts of requests (50 job starts waiting on
 * one owner's lock held all ten connections), and every token waited out the burst.
 */
@Injectable()
export class StreamEventsPrismaService extends PooledPrismaClient {
  constructor(@Inject(DATABASE_URL) databaseUrl: string) {
    // Kept open when idle: a stream that starts after a quiet minute does not wait for a new login.
    super(databaseUrl, { max: 4, idleTimeoutMillis: 0 });
  }
}
