import { Injectable } from '@nestjs/common';
import type { CreditKind } from '@forge/protocol/credits';
import { Prisma } from '../generated/prisma/client.js';
import { PrismaService } from '../platform-db/prisma.service.js';

export interface CreditEntryRecord {
  id: string;
  kind: CreditKind;
  amountMicroUsd: bigint;
  description: string;
  createdAt: Date;
  /** The generation or edit a charge priced. */
  runId: string | null;
}

/** One priced model call: the usage it adds to its job or build, and its charge (none when free). */
export interface PricedCall {
  accountId: string;
  /** The run (generation, edit) or the build (auto-fix) whose usage this call adds to. */
  usageOf: { runId: string } | { buildId: string };
  inputTokens: number;
  outputTokens: number;
  /** Micro-dollars, positive; 0 writes no entry (the offline agent is free). */
  costMicroUsd: bigint;
  description: string;
}

export interface NewCredit {
  accountId: string;
  kind: 'welcome' | 'topup' | 'grant';
  amountMicroUsd: bigint;
  description: string;
  grantedBy?: string;
  /** Credited at most once: a second credit with the same reference is refused by the database. */
  externalRef?: string;
}

export interface UsageRow {
  projectName: string;
  exists: boolean;
  inputTokens: bigint;
  outputTokens: bigint;
  costMicroUsd: bigint;
  calls: bigint;
}

const ENTRY_SELECT = { id: true, kind: true, amountMicroUsd: true, description: true, createdAt: true, runId: true } as const;

/** A charge waits its turn for a connection rather than fail on a loaded server. */
const CHARGE_TRANSACTION = { maxWait: 15_000, timeout: 15_000 };

/**
 * The credit ledger. Entries are only ever inserted: a balance is their sum, so concurrent charges
 * cannot lose or double one another, and a charge is written in the same transaction as the usage
 * it prices.
 */
@Injectable()
export class CreditsRepository {
  constructor(private readonly prisma: PrismaService) {}

  async balance(accountId: string): Promise<bigint> {
    return sumOf(await this.prisma.creditEntry.aggregate({ where: { accountId }, _sum: { amountMicroUsd: true } }));
  }

  /**
   * Adds a model call's tokens to its job's or build's totals and writes its charge, in one
   * transaction: a crash leaves both or neither. Answers the balance after it.
   */
  recordCall(call: PricedCall): Promise<bigint> {
    return this.prisma.$transaction(async (tx) => {
      const tokens = { inputTokens: { increment: call.inputTokens }, outputTokens: { increment: call.outputTokens } };
      if ('runId' in call.usageOf) await tx.run.update({ where: { id: call.usageOf.runId }, data: tokens, select: { id: true } });
      else await tx.build.update({ where: { id: call.usageOf.buildId }, data: tokens, select: { id: true } });
      if (call.costMicroUsd > 0n) {
        await tx.creditEntry.create({
          data: {
            accountId: call.accountId,
            kind: 'charge',
            amountMicroUsd: -call.costMicroUsd,
            description: call.description,
            inputTokens: call.inputTokens,
            outputTokens: call.outputTokens,
            ...call.usageOf,
          },
          select: { id: true },
        });
      }
      return sumOf(await tx.creditEntry.aggregate({ where: { accountId: call.accountId }, _sum: { amountMicroUsd: true } }));
    }, CHARGE_TRANSACTION);
  }

  /** A credit; null when its external reference was already credited (by anyone, at any time). */
  async credit(entry: NewCredit): Promise<CreditEntryRecord | null> {
    try {
      return await this.prisma.creditEntry.create({ data: entry, select: ENTRY_SELECT });
    } catch (err) {
      if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') return null;
      throw err;
    }
  }

  /** The latest grant of exactly this amount to the account since `since`, if any. */
  lastGrantSince(accountId: string, amountMicroUsd: bigint, since: Date): Promise<{ createdAt: Date; description: string } | null> {
    return this.prisma.creditEntry.findFirst({
      where: { accountId, kind: 'grant', amountMicroUsd, createdAt: { gte: since } },
      orderBy: { createdAt: 'desc' },
      select: { createdAt: true, description: true },
    });
  }

  /**
   * An operator's correction (a negative entry), written only when the balance covers it: the account's
   * row is locked while the balance is read, so two corrections cannot both pass the check. Answers the
   * entry, or the balance that refused it.
   */
  correct(entry: { accountId: string; amountMicroUsd: bigint; description: string; grantedBy: string }): Promise<{ entry: CreditEntryRecord } | { refusedAtBalance: bigint }> {
    return this.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM users WHERE id = ${entry.accountId}::uuid FOR UPDATE`;
      const balance = sumOf(await tx.creditEntry.aggregate({ where: { accountId: entry.accountId }, _sum: { amountMicroUsd: true } }));
      if (balance + entry.amountMicroUsd < 0n) return { refusedAtBalance: balance };
      return { entry: await tx.creditEntry.create({ data: { ...entry, kind: 'correction' }, select: ENTRY_SELECT }) };
    });
  }

  /** Newest first; `before` is the id of the last entry of the previous page. */
  async page(accountId: string, before: string | null, limit: number): Promise<{ entries: CreditEntryRecord[]; more: boolean }> {
    const cursor = before ? await this.prisma.creditEntry.findFirst({ where: { id: before, accountId }, select: { id: true, createdAt: true } }) : null;
    if (before && !cursor) return { entries: [], more: false };
    const rows = await this.prisma.creditEntry.findMany({
      where: { accountId, ...(cursor ? { OR: [{ createdAt: { lt: cursor.createdAt } }, { createdAt: cursor.createdAt, id: { lt: cursor.id } }] } : {}) },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit + 1,
      select: ENTRY_SELECT,
    });
    return { entries: rows.slice(0, limit), more: rows.length > limit };
  }

  /** What a run's or a build's model calls cost, as a positive amount, and their tokens. */
  async costOf(of: { runId: string } | { buildId: string }): Promise<{ costMicroUsd: bigint; inputTokens: number; outputTokens: number }> {
    const sums = await this.prisma.creditEntry.aggregate({ where: { ...of, kind: 'charge' }, _sum: { amountMicroUsd: true, inputTokens: true, outputTokens: true } });
    return { costMicroUsd: -(sums._sum.amountMicroUsd ?? 0n), inputTokens: sums._sum.inputTokens ?? 0, outputTokens: sums._sum.outputTokens ?? 0 };
  }

  /** The account's charges per project: a generation's or edit's by its run, a fix's by its build. */
  usageByProject(accountId: string): Promise<UsageRow[]> {
    return this.prisma.$queryRaw<UsageRow[]>`
      SELECT COALESCE(p.name, r.project_name, 'Deleted project') AS "projectName",
             (p.id IS NOT NULL) AS "exists",
             SUM(e.input_tokens)::bigint AS "inputTokens",
             SUM(e.output_tokens)::bigint AS "outputTokens",
             (-SUM(e.amount_micro_usd))::bigint AS "costMicroUsd",
             COUNT(*)::bigint AS "calls"
      FROM credit_entries e
      LEFT JOIN runs r ON r.id = e.run_id
      LEFT JOIN builds b ON b.id = e.build_id
      LEFT JOIN projects p ON p.id = COALESCE(r.project_id, b.project_id)
      WHERE e.account_id = ${accountId}::uuid AND e.kind = 'charge'
      GROUP BY 1, 2
      ORDER BY 5 DESC, 1`;
  }

  async accountExists(accountId: string): Promise<boolean> {
    return (await this.prisma.user.count({ where: { id: accountId } })) > 0;
  }
}

function sumOf(result: { _sum: { amountMicroUsd: bigint | null } }): bigint {
  return result._sum.amountMicroUsd ?? 0n;
}
