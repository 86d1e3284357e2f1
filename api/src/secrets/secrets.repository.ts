import { Injectable } from '@nestjs/common';
import { PrismaService } from '../platform-db/prisma.service.js';

export interface SealedSecret {
  key: string;
  /** Sealed by SecretCipher. */
  value: string;
}

@Injectable()
export class SecretsRepository {
  constructor(private readonly prisma: PrismaService) {}

  list(projectId: string): Promise<SealedSecret[]> {
    return this.prisma.projectSecret.findMany({ where: { projectId }, select: { key: true, value: true }, orderBy: { key: 'asc' } });
  }

  /** Sets each value; keys not named keep theirs. */
  async upsert(projectId: string, secrets: SealedSecret[]): Promise<void> {
    await this.prisma.$transaction(
      secrets.map(({ key, value }) => this.prisma.projectSecret.upsert({ where: { projectId_key: { projectId, key } }, create: { projectId, key, value }, update: { value } })),
    );
  }
}
