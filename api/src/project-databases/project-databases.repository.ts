import { Injectable } from '@nestjs/common';
import { PrismaService } from '../platform-db/prisma.service.js';

export type DatabaseKind = 'provided' | 'custom';

export interface ProjectDatabaseRecord {
  providedName: string | null;
  /** Sealed. */
  providedPassword: string | null;
  /** Sealed. */
  customUrl: string | null;
  active: DatabaseKind | null;
  initializedAt: Date | null;
}

const SELECT = { providedName: true, providedPassword: true, customUrl: true, active: true, initializedAt: true } as const;

@Injectable()
export class ProjectDatabasesRepository {
  constructor(private readonly prisma: PrismaService) {}

  find(projectId: string): Promise<ProjectDatabaseRecord | null> {
    return this.prisma.projectDatabase.findUnique({ where: { projectId }, select: SELECT });
  }

  /** Every provisioned database's name, with the account its project belongs to. */
  async provisioned(): Promise<Array<{ name: string; ownerId: string }>> {
    const rows = await this.prisma.projectDatabase.findMany({ where: { providedName: { not: null } }, select: { providedName: true, project: { select: { ownerId: true } } } });
    return rows.map((row) => ({ name: row.providedName!, ownerId: row.project.ownerId }));
  }

  /** Records a provisioned database before anything uses it, so its role is never lost track of. */
  async saveProvided(projectId: string, providedName: string, providedPassword: string): Promise<void> {
    await this.prisma.projectDatabase.upsert({
      where: { projectId },
      create: { projectId, providedName, providedPassword },
      update: { providedName, providedPassword },
    });
  }

  /** The database the app uses from now on, initialized. */
  async markInitialized(projectId: string, active: DatabaseKind, customUrl: string | null): Promise<void> {
    const data = { active, initializedAt: new Date(), ...(active === 'custom' ? { customUrl } : {}) };
    await this.prisma.projectDatabase.upsert({ where: { projectId }, create: { projectId, ...data }, update: data });
  }
}
