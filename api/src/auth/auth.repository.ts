import { Injectable } from '@nestjs/common';
import { PrismaService } from '../platform-db/prisma.service.js';

export interface UserRecord {
  id: string;
  keyHint: string;
  createdAt: Date;
}

@Injectable()
export class AuthRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The account, its first session and its welcome credit: one insert of all three, or none. */
  createUserWithSession(
    keyHash: string,
    keyHint: string,
    session: { tokenHash: string; expiresAt: Date; userAgent: string | null },
    welcome: { kind: 'welcome'; amountMicroUsd: bigint; description: string } | null,
  ): Promise<UserRecord> {
    return this.prisma.user.create({
      data: { keyHash, keyHint, sessions: { create: session }, ...(welcome ? { credits: { create: welcome } } : {}) },
      select: { id: true, keyHint: true, createdAt: true },
    });
  }

  findUserByKeyHash(keyHash: string): Promise<UserRecord | null> {
    return this.prisma.user.findUnique({ where: { keyHash }, select: { id: true, keyHint: true, createdAt: true } });
  }

  async createSession(userId: string, session: { tokenHash: string; expiresAt: Date; userAgent: string | null }): Promise<void> {
    await this.prisma.session.create({ data: { userId, ...session } });
  }

  async findUserBySession(tokenHash: string, now: Date): Promise<UserRecord | null> {
    const session = await this.prisma.session.findUnique({
      where: { tokenHash },
      select: { expiresAt: true, user: { select: { id: true, keyHint: true, createdAt: true } } },
    });
    return session && session.expiresAt > now ? session.user : null;
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.prisma.session.deleteMany({ where: { tokenHash } });
  }

  async deleteExpiredSessions(now: Date): Promise<number> {
    return (await this.prisma.session.deleteMany({ where: { expiresAt: { lte: now } } })).count;
  }

  async deleteUser(id: string): Promise<void> {
    await this.prisma.user.delete({ where: { id } });
  }

  async touchUser(id: string, now: Date): Promise<void> {
    await this.prisma.user.update({ where: { id }, data: { lastSeenAt: now } });
  }
}
