import { Injectable } from '@nestjs/common';
import { PrismaService } from '../database/prisma.service.js';

@Injectable()
export class OperationsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Sandboxes any replica recorded as running. */
  countRunningSandboxes(): Promise<number> {
    return this.prisma.sandbox.count({ where: { state: 'running' } });
  }

  countReplicas(): Promise<number> {
    return this.prisma.replica.count();
  }
}
