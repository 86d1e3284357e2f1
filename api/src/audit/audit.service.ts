import { Injectable, Logger } from '@nestjs/common';
import { AUDIT_PAGE_SIZE, type AuditAction, type AuditEntry, type AuditResponse } from '@forge/protocol/admin';
import { type AuditEntryRecord, AuditRepository, type NewAuditEntry } from './audit.repository.js';

export interface AuditRecord extends NewAuditEntry {
  action: AuditAction;
}

/**
 * The operators' audit trail: every operator action, kept in PostgreSQL and written to the server log.
 * The log line is a warning because the platform prints only warnings and errors (`LOG_LEVELS`): an
 * operator action at Nest's `log` level was never printed.
 */
@Injectable()
export class AuditService {
  private readonly logger = new Logger('Audit');

  constructor(private readonly repository: AuditRepository) {}

  async record(entry: AuditRecord): Promise<AuditEntry> {
    const stored = await this.repository.create(entry);
    this.logger.warn(`${stored.summary}${stored.reason ? ` (reason: ${stored.reason})` : ''} [operator ${stored.operatorId}, audit ${stored.id}]`);
    return toWire(stored);
  }

  async page(query: { before?: string; limit?: number }): Promise<AuditResponse> {
    const page = await this.repository.page(query.before ?? null, query.limit ?? AUDIT_PAGE_SIZE);
    return { entries: page.entries.map(toWire), nextCursor: page.more ? page.entries.at(-1)!.id : null };
  }
}

function toWire(entry: AuditEntryRecord): AuditEntry {
  return {
    id: entry.id,
    operatorId: entry.operatorId,
    action: entry.action as AuditAction,
    accountId: entry.accountId,
    projectId: entry.projectId,
    projectName: entry.projectName,
    nodeId: entry.nodeId,
    summary: entry.summary,
    reason: entry.reason,
    createdAt: entry.createdAt.toISOString(),
  };
}
