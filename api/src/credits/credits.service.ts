import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  CREDITS_PAGE_SIZE,
  type CreditEntry,
  type CreditUsageResponse,
  type CreditsResponse,
  type GrantCreditsResponse,
  callCostMicroUsd,
  creditsExhaustedMessage,
  formatMicroUsd,
  parseUsdToMicro,
} from '@forge/protocol/credits';
import { ErrorCode } from '@forge/protocol/errors';
import type { AuthUser } from '../common/auth/auth.decorators.js';
import { DomainError, badRequest, notFound } from '../common/errors/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { type CreditEntryRecord, CreditsRepository } from './credits.repository.js';
import type { CreditsPageQuery } from './dto/credits-page.query.js';
import type { GrantCreditsDto } from './dto/grant-credits.dto.js';

/** Tokens of one model call, as the provider reported them. */
export interface CallUsage {
  inputTokens: number;
  outputTokens: number;
}

export type SpendingKind = 'generation' | 'edit' | 'automatic fix';

/** The largest single grant: a typo of a few zeros should not mint a fortune. */
const MAX_GRANT_MICRO_USD = 1_000_000n * 1_000_000n;

/** The same grant to the same account again within this long is probably a double submission: it asks first. */
export const REPEAT_GRANT_WINDOW_MS = 10 * 60_000;

/** A grant as it was written: a credit, or a correction taking back part of a mistaken one. */
export interface GrantOutcome extends GrantCreditsResponse {
  correction: boolean;
  amountMicroUsd: bigint;
}

/**
 * Credits: the account's ledger, what model calls cost, and who may still spend. The welcome credit
 * is written with the account (auth asks `welcomeCredit` for it), charges with the usage they price.
 */
@Injectable()
export class CreditsService {
  private readonly logger = new Logger('Credits');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repository: CreditsRepository,
  ) {}

  /** The entry a new account starts with; null when the operator set the welcome credit to 0. */
  welcomeCredit(): { kind: 'welcome'; amountMicroUsd: bigint; description: string } | null {
    const amount = this.config.credits.welcomeMicroUsd;
    return amount > 0n ? { kind: 'welcome', amountMicroUsd: amount, description: 'Welcome credit' } : null;
  }

  /** The offline starter agent costs nothing: its calls write no charge. */
  get free(): boolean {
    return this.config.llm.provider === 'offline';
  }

  /** What one model call costs, exactly: tokens × the configured prices per million tokens. */
  priceOf(usage: CallUsage): bigint {
    return this.free ? 0n : callCostMicroUsd(usage.inputTokens, usage.outputTokens, this.config.credits.prices);
  }

  /**
   * Refuses work that would call a priced model while the balance is not positive (402). The free
   * offline agent is never refused.
   */
  async assertCanSpend(accountId: string, what: SpendingKind): Promise<void> {
    if (this.free) return;
    const balance = await this.repository.balance(accountId);
    if (balance <= 0n) throw new DomainError(ErrorCode.CreditsExhausted, creditsExhaustedMessage(balance, what));
  }

  /**
   * Records one model call of a generation or edit (its run) or of a build's auto-fix: its tokens on
   * the run or build and its charge, in one transaction. Answers the balance after it.
   */
  recordCall(accountId: string, usageOf: { runId: string } | { buildId: string }, usage: CallUsage, what: string): Promise<bigint> {
    const cost = this.priceOf(usage);
    const description = `${what}: ${usage.inputTokens.toLocaleString('en-US')} input + ${usage.outputTokens.toLocaleString('en-US')} output tokens`;
    return this.repository.recordCall({ accountId, usageOf, ...usage, costMicroUsd: cost, description });
  }

  /** The line a generation's, edit's or build's log ends with: what its model calls cost. */
  async costLine(of: { runId: string } | { buildId: string }): Promise<string> {
    const { costMicroUsd, inputTokens, outputTokens } = await this.repository.costOf(of);
    const tokens = inputTokens + outputTokens > 0 ? ` (${inputTokens.toLocaleString('en-US')} input + ${outputTokens.toLocaleString('en-US')} output tokens)` : '';
    return `💰 Cost: ${formatMicroUsd(costMicroUsd, { precise: true })}${tokens}${this.free ? ', the offline agent is free' : ''}`;
  }

  async balance(accountId: string): Promise<bigint> {
    return this.repository.balance(accountId);
  }

  async list(accountId: string, query: CreditsPageQuery): Promise<CreditsResponse> {
    const [balance, page] = await Promise.all([this.repository.balance(accountId), this.repository.page(accountId, query.before ?? null, query.limit ?? CREDITS_PAGE_SIZE)]);
    return {
      balanceMicroUsd: Number(balance),
      entries: page.entries.map(toWire),
      nextCursor: page.more ? page.entries.at(-1)!.id : null,
    };
  }

  async usage(accountId: string): Promise<CreditUsageResponse> {
    const rows = await this.repository.usageByProject(accountId);
    return {
      projects: rows.map((row) => ({
        projectName: row.projectName,
        exists: row.exists,
        inputTokens: Number(row.inputTokens),
        outputTokens: Number(row.outputTokens),
        costMicroUsd: Number(row.costMicroUsd),
        calls: Number(row.calls),
      })),
    };
  }

  /**
   * A top-up, credited at most once per `externalRef` (the database refuses a second entry with it,
   * whoever submits and however often): true when this call credited it.
   */
  async creditTopUp(accountId: string, amountMicroUsd: bigint, description: string, externalRef: string): Promise<boolean> {
    const entry = await this.repository.credit({ accountId, kind: 'topup', amountMicroUsd, description, externalRef });
    if (entry) this.logger.log(`Top-up ${externalRef}: ${formatMicroUsd(amountMicroUsd, { precise: true })} to account ${accountId}`);
    return entry !== null;
  }

  /**
   * An operator's grant: a ledger entry that records who granted it and why. A grant above the
   * confirmation threshold, or the same grant to the same account within minutes, needs `confirmed`.
   * A negative amount is a correction: it never takes the balance below zero (what was spent stays spent).
   */
  async grant(operator: AuthUser, dto: GrantCreditsDto): Promise<GrantOutcome> {
    const text = dto.amountUsd.trim();
    const correction = text.startsWith('-');
    const amount = parseUsdToMicro(correction ? text.slice(1) : text);
    if (amount === null || amount === 0n) throw badRequest('Enter an amount in dollars, such as 25 or 0.50 (up to 6 decimals); a negative amount such as -25 corrects a mistaken grant.');
    if (amount > MAX_GRANT_MICRO_USD) throw badRequest(`A single grant is at most ${formatMicroUsd(MAX_GRANT_MICRO_USD)}.`);
    if (!(await this.repository.accountExists(dto.accountId))) throw notFound('No account has this id. Search for the account and copy its id from the console.');
    if (correction) return this.correct(operator, dto, amount);

    if (!dto.confirmed) {
      const written = formatMicroUsd(amount, { precise: true });
      if (amount > this.config.credits.grantConfirmAboveMicroUsd) {
        throw new DomainError(
          ErrorCode.ConfirmationRequired,
          `Grant ${written} to this account? That is more than ${formatMicroUsd(this.config.credits.grantConfirmAboveMicroUsd)}, so it needs your confirmation.`,
        );
      }
      const repeat = await this.repository.lastGrantSince(dto.accountId, amount, new Date(Date.now() - REPEAT_GRANT_WINDOW_MS));
      if (repeat) {
        const minutes = Math.max(1, Math.round((Date.now() - repeat.createdAt.getTime()) / 60_000));
        throw new DomainError(
          ErrorCode.ConfirmationRequired,
          `This account was granted ${written} less than ${minutes === 1 ? 'a minute' : `${minutes} minutes`} ago. Grant ${written} again? Confirm only if it is meant as a second grant.`,
        );
      }
    }
    const entry = await this.repository.credit({ accountId: dto.accountId, kind: 'grant', amountMicroUsd: amount, description: `Granted by an operator: ${dto.reason}`, grantedBy: operator.id });
    return { entry: toWire(entry!), balanceMicroUsd: Number(await this.repository.balance(dto.accountId)), correction: false, amountMicroUsd: amount };
  }

  private async correct(operator: AuthUser, dto: GrantCreditsDto, amount: bigint): Promise<GrantOutcome> {
    const result = await this.repository.correct({ accountId: dto.accountId, amountMicroUsd: -amount, description: `Corrected by an operator: ${dto.reason}`, grantedBy: operator.id });
    if ('refusedAtBalance' in result) {
      const left = result.refusedAtBalance > 0n ? result.refusedAtBalance : 0n;
      throw badRequest(
        `A correction cannot take the balance below zero: what the account has spent stays spent. The account has ${formatMicroUsd(left, { precise: true })} left; correct by at most that much.`,
      );
    }
    return { entry: toWire(result.entry), balanceMicroUsd: Number(await this.repository.balance(dto.accountId)), correction: true, amountMicroUsd: -amount };
  }
}

function toWire(entry: CreditEntryRecord): CreditEntry {
  return {
    id: entry.id,
    kind: entry.kind,
    amountMicroUsd: Number(entry.amountMicroUsd),
    description: entry.description,
    createdAt: entry.createdAt.toISOString(),
    jobId: entry.runId,
  };
}
