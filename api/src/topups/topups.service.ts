import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { formatMicroUsd } from '@forge/protocol/credits';
import { ErrorCode } from '@forge/protocol/errors';
import type { Deposit, LinkWalletResponse, SubmitDepositResponse, TopUpsResponse, WalletChallengeResponse } from '@forge/protocol/topups';
import { DomainError } from '../common/errors/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { CreditsService } from '../credits/credits.service.js';
import { USDC_CHAIN } from './chain/usdc-chain.provider.js';
import { TOP_UPS_OFF_MESSAGE, type UsdcChain, type UsdcDepositOutcome, UsdcContractMisconfiguredError, pendingRecheckDelayMs, verifyUsdcDeposit } from './chain/usdc-deposit.js';
import { newWalletLinkChallenge, verifyWalletLink } from './chain/wallet-link.js';
import { formatUsdc } from './chain/usdc-amount.js';
import type { LinkWalletDto, SubmitDepositDto } from './dto/topups.dto.js';
import { type DepositRecord, TopUpsRepository } from './topups.repository.js';

/** How often the server looks for pending top-ups whose next check is due. */
const PENDING_SWEEP_MS = 5_000;
const PENDING_BATCH = 20;

/**
 * USDC top-ups: wallets linked by a signed one-time message, transactions checked on chain, and a
 * credit per (transaction, log index) that the ledger's unique reference makes happen once. Pending
 * deposits are checked again in the background until they are deep enough.
 */
@Injectable()
export class TopUpsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('TopUps');
  private sweepTimer: NodeJS.Timeout | null = null;
  private sweeping: Promise<void> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(USDC_CHAIN) private readonly chain: UsdcChain | null,
    private readonly repository: TopUpsRepository,
    private readonly credits: CreditsService,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.chain) return;
    this.sweepTimer = setInterval(() => void this.checkDue(new Date()), PENDING_SWEEP_MS);
    this.sweepTimer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    await this.sweeping;
  }

  async overview(accountId: string): Promise<TopUpsResponse> {
    const settings = this.chain?.settings ?? null;
    const [wallets, deposits] = await Promise.all([this.repository.walletsOf(accountId), this.repository.depositsOf(accountId)]);
    return {
      enabled: settings !== null,
      offMessage: settings ? null : TOP_UPS_OFF_MESSAGE,
      depositAddress: settings?.depositAddress ?? null,
      usdcContract: settings?.usdcContract ?? null,
      confirmations: settings?.confirmations ?? null,
      wallets: wallets.map((wallet) => ({ address: wallet.address, linkedAt: wallet.linkedAt.toISOString() })),
      deposits: deposits.map(toWire),
    };
  }

  /** A one-time message for the account to sign with the wallet it pays from. */
  async challenge(accountId: string): Promise<WalletChallengeResponse> {
    this.requireChain();
    const challenge = newWalletLinkChallenge(accountId, this.domain);
    await this.repository.issueNonce(accountId, challenge.nonce, challenge.expiresAt);
    return { message: challenge.message, expiresAt: challenge.expiresAt.toISOString() };
  }

  async link(accountId: string, dto: LinkWalletDto): Promise<LinkWalletResponse> {
    this.requireChain();
    const now = new Date();
    const verdict = await verifyWalletLink(dto.address, dto.message, dto.signature, { accountId, domain: this.domain, now });
    if (!verdict.ok) throw new DomainError(ErrorCode.WalletLinkRefused, verdict.message);
    // Refused before the message is used up, so that the person can link a wallet of their own with it.
    if (await this.repository.isLinkedElsewhere(verdict.address, accountId)) throw walletTaken(verdict.address);
    if (!(await this.repository.takeNonce(accountId, verdict.challenge.nonce, now))) {
      throw new DomainError(ErrorCode.WalletLinkRefused, 'This link message was already used or replaced by a newer one. Ask for a new one.');
    }
    const wallet = await this.repository.link(verdict.address, accountId);
    if (!wallet) throw walletTaken(verdict.address);
    this.logger.log(`Account ${accountId} linked wallet ${wallet.address}`);
    return { wallet: { address: wallet.address, linkedAt: wallet.linkedAt.toISOString() } };
  }

  /** Checks a transaction on chain and credits what is deep enough, once; pending ones finish by themselves. */
  async submit(accountId: string, dto: SubmitDepositDto): Promise<SubmitDepositResponse> {
    const chain = this.requireChain();
    const outcome = await this.verify(chain, dto.txHash, accountId);
    if (outcome.status === 'refused') throw new DomainError(ErrorCode.TopUpRefused, outcome.message);
    if (outcome.status === 'unavailable') throw new DomainError(ErrorCode.Unavailable, outcome.message);
    const { deposit, creditedNow } = await this.record(accountId, outcome);
    return { deposit: toWire(deposit), creditedNowMicroUsd: Number(creditedNow) };
  }

  /** Looks again at pending deposits whose next check is due (the background sweep; tests call it with a later `now`). */
  checkDue(now: Date): Promise<void> {
    if (!this.chain || this.sweeping) return this.sweeping ?? Promise.resolve();
    const chain = this.chain;
    this.sweeping = (async () => {
      for (const due of await this.repository.dueDeposits(now, PENDING_BATCH)) {
        const outcome = await this.verify(chain, due.txHash, due.accountId).catch((err: Error) => {
          this.logger.warn(`Pending top-up ${due.txHash}: ${err.message}`);
          return null;
        });
        // A node that did not answer: the deposit stays pending and is asked about again.
        if (!outcome || outcome.status === 'unavailable') continue;
        await this.record(due.accountId, outcome);
      }
    })()
      .catch((err: Error) => this.logger.warn(`Checking pending top-ups: ${err.message}`))
      .finally(() => {
        this.sweeping = null;
      });
    return this.sweeping;
  }

  private async verify(chain: UsdcChain, txHash: string, accountId: string): Promise<UsdcDepositOutcome> {
    try {
      return await verifyUsdcDeposit(chain, txHash, (from) => this.repository.isLinkedTo(from, accountId));
    } catch (err) {
      if (!(err instanceof UsdcContractMisconfiguredError)) throw err;
      this.logger.error(err.message);
      throw new DomainError(ErrorCode.Unavailable, "Top-ups cannot be checked right now: the server's USDC setting is wrong. Nothing was credited; the operator needs to fix USDC_CONTRACT.");
    }
  }

  /** Writes the deposit as the chain describes it, crediting each confirmed transfer once. */
  private async record(accountId: string, outcome: Exclude<UsdcDepositOutcome, { status: 'unavailable' }>): Promise<{ deposit: DepositRecord; creditedNow: bigint }> {
    const txHash = outcome.txHash;
    if (outcome.status === 'refused') {
      const deposit = await this.repository.saveDeposit({ txHash, accountId, status: 'refused', amountMicroUsd: 0n, confirmations: 0, required: 0, message: outcome.message, nextCheckAt: null });
      return { deposit, creditedNow: 0n };
    }
    const amount = outcome.transfers.reduce((sum, transfer) => sum + transfer.amountMicroUsd, 0n);
    const required = this.chain!.settings.confirmations;
    if (outcome.status === 'pending') {
      const nextCheckAt = new Date(Date.now() + pendingRecheckDelayMs(outcome));
      const deposit = await this.repository.saveDeposit({
        txHash,
        accountId,
        status: 'pending',
        amountMicroUsd: amount,
        confirmations: outcome.confirmations,
        required,
        message: outcome.message,
        nextCheckAt,
      });
      return { deposit, creditedNow: 0n };
    }
    let creditedNow = 0n;
    for (const transfer of outcome.transfers) {
      const description = `USDC top-up: ${formatUsdc(transfer.amountMicroUsd)} USDC from ${transfer.from} (transaction ${txHash})`;
      if (await this.credits.creditTopUp(accountId, transfer.amountMicroUsd, description, `tx:${txHash}:${transfer.logIndex}`)) creditedNow += transfer.amountMicroUsd;
    }
    const message =
      creditedNow > 0n
        ? `Credited ${formatMicroUsd(creditedNow, { precise: true })} from ${formatUsdc(amount)} USDC in transaction ${txHash}.`
        : `Transaction ${txHash} was already credited (${formatUsdc(amount)} USDC): nothing more was added.`;
    const previous = await this.repository.findDeposit(txHash, accountId);
    // A resubmission keeps the message of the credit it made.
    const keep = previous?.status === 'credited' && creditedNow === 0n;
    const deposit = await this.repository.saveDeposit({
      txHash,
      accountId,
      status: 'credited',
      amountMicroUsd: amount,
      confirmations: outcome.confirmations,
      required,
      message: keep ? previous.message : message,
      nextCheckAt: null,
    });
    return { deposit: { ...deposit, message }, creditedNow };
  }

  private requireChain(): UsdcChain {
    if (!this.chain) throw new DomainError(ErrorCode.Unavailable, TOP_UPS_OFF_MESSAGE);
    return this.chain;
  }

  /** The site a link message names: where people reach Forge. */
  private get domain(): string {
    return new URL(this.config.publicUrl).host;
  }
}

function walletTaken(address: string): DomainError {
  return new DomainError(ErrorCode.Conflict, `Wallet ${address} is linked to another Forge account. Pay from a wallet of your own.`);
}

function toWire(deposit: DepositRecord): Deposit {
  return {
    txHash: deposit.txHash,
    status: deposit.status,
    amountMicroUsd: Number(deposit.amountMicroUsd),
    confirmations: deposit.confirmations,
    required: deposit.required,
    message: deposit.message,
    createdAt: deposit.createdAt.toISOString(),
    updatedAt: deposit.updatedAt.toISOString(),
  };
}
