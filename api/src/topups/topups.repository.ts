import { Injectable } from '@nestjs/common';
import { Prisma } from '../generated/prisma/client.js';
import { PrismaService } from '../platform-db/prisma.service.js';

export interface DepositRecord {
  txHash: string;
  accountId: string;
  status: 'pending' | 'credited' | 'refused';
  amountMicroUsd: bigint;
  confirmations: number;
  required: number;
  message: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface DepositUpdate {
  txHash: string;
  accountId: string;
  status: DepositRecord['status'];
  amountMicroUsd: bigint;
  confirmations: number;
  required: number;
  message: string;
  nextCheckAt: Date | null;
}

const DEPOSIT_SELECT = { txHash: true, accountId: true, status: true, amountMicroUsd: true, confirmations: true, required: true, message: true, createdAt: true, updatedAt: true } as const;

@Injectable()
export class TopUpsRepository {
  constructor(private readonly prisma: PrismaService) {}

  walletsOf(accountId: string) {
    return this.prisma.wallet.findMany({ where: { accountId }, orderBy: { linkedAt: 'asc' }, select: { address: true, linkedAt: true } });
  }

  async isLinkedTo(address: string, accountId: string): Promise<boolean> {
    return (await this.prisma.wallet.count({ where: { address, accountId } })) > 0;
  }

  async isLinkedElsewhere(address: string, accountId: string): Promise<boolean> {
    return (await this.prisma.wallet.count({ where: { address, accountId: { not: accountId } } })) > 0;
  }

  /** The wallet linked to the account; null when another account holds it. */
  async link(address: string, accountId: string): Promise<{ address: string; linkedAt: Date } | null> {
    try {
      return await this.prisma.wallet.create({ data: { address, accountId }, select: { address: true, linkedAt: true } });
    } catch (err) {
      if (!(err instanceof Prisma.PrismaClientKnownRequestError) || err.code !== 'P2002') throw err;
      const existing = await this.prisma.wallet.findUnique({ where: { address }, select: { address: true, linkedAt: true, accountId: true } });
      return existing && existing.accountId === accountId ? { address: existing.address, linkedAt: existing.linkedAt } : null;
    }
  }

  /** A new link message for the account replaces its earlier ones (and expired ones go). */
  async issueNonce(accountId: string, nonce: string, expiresAt: Date): Promise<void> {
    await this.prisma.$transaction([
      this.prisma.walletLinkNonce.deleteMany({ where: { OR: [{ accountId }, { expiresAt: { lt: new Date() } }] } }),
      this.prisma.walletLinkNonce.create({ data: { nonce, accountId, expiresAt } }),
    ]);
  }

  /** Uses the nonce up: true once, for the account it was issued to, before it expires. */
  async takeNonce(accountId: string, nonce: string, now: Date): Promise<boolean> {
    const { count } = await this.prisma.walletLinkNonce.deleteMany({ where: { nonce, accountId, expiresAt: { gt: now } } });
    return count === 1;
  }

  /** Records what the chain said of an account's submission; a second submission updates the first. */
  saveDeposit(update: DepositUpdate): Promise<DepositRecord> {
    const { txHash, accountId, ...rest } = update;
    return this.prisma.deposit.upsert({
      where: { txHash_accountId: { txHash, accountId } },
      create: update,
      update: rest,
      select: DEPOSIT_SELECT,
    });
  }

  depositsOf(accountId: string): Promise<DepositRecord[]> {
    return this.prisma.deposit.findMany({ where: { accountId }, orderBy: { createdAt: 'desc' }, take: 50, select: DEPOSIT_SELECT });
  }

  findDeposit(txHash: string, accountId: string): Promise<DepositRecord | null> {
    return this.prisma.deposit.findUnique({ where: { txHash_accountId: { txHash, accountId } }, select: DEPOSIT_SELECT });
  }

  /** Pending deposits whose next check is due. */
  dueDeposits(now: Date, limit: number): Promise<Array<{ txHash: string; accountId: string }>> {
    return this.prisma.deposit.findMany({ where: { status: 'pending', nextCheckAt: { lte: now } }, orderBy: { nextCheckAt: 'asc' }, take: limit, select: { txHash: true, accountId: true } });
  }
}
