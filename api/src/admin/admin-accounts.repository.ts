import { Injectable } from '@nestjs/common';
import { PrismaService } from '../platform-db/prisma.service.js';

export interface AccountRow {
  id: string;
  keyHint: string;
  createdAt: Date;
  lastSeenAt: Date;
  balance: bigint;
  spent: bigint;
  jobs: bigint;
  projects: bigint;
  runningSandboxes: bigint;
  storedBytes: bigint;
  limitsHit: number;
  matchedProjects: string[];
}

/** Accounts as operators look them up: by id, key hint or a project's name, with what each uses. */
@Injectable()
export class AdminAccountsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** `query` empty: the most recently seen accounts. A uuid matches the id; otherwise the key hint's start or a project name's part. */
  search(query: string, limit: number): Promise<AccountRow[]> {
    const escaped = query.replace(/[\\%_]/g, (c) => `\\${c}`);
    const prefix = `${escaped}%`;
    const contains = `%${escaped}%`;
    return this.prisma.$queryRaw<AccountRow[]>`
      WITH matched AS (
        SELECT u.id,
               COALESCE((SELECT array_agg(p.name ORDER BY p.name) FROM projects p WHERE p.owner_id = u.id AND ${query} <> '' AND p.name ILIKE ${contains}), '{}') AS "matchedProjects"
        FROM users u
        WHERE ${query} = ''
           OR u.id::text = lower(${query})
           OR u.key_hint ILIKE ${prefix}
           OR EXISTS (SELECT 1 FROM projects p WHERE p.owner_id = u.id AND p.name ILIKE ${contains})
        ORDER BY u.last_seen_at DESC
        LIMIT ${limit}
      )
      SELECT u.id, u.key_hint AS "keyHint", u.limits_hit AS "limitsHit", u.created_at AS "createdAt", u.last_seen_at AS "lastSeenAt", m."matchedProjects",
             (SELECT COALESCE(SUM(e.amount_micro_usd), 0) FROM credit_entries e WHERE e.account_id = u.id)::bigint AS "balance",
             (SELECT COALESCE(-SUM(e.amount_micro_usd), 0) FROM credit_entries e WHERE e.account_id = u.id AND e.kind = 'charge')::bigint AS "spent",
             (SELECT COUNT(*) FROM runs r WHERE r.owner_id = u.id AND r.kind IN ('generation', 'edit', 'import'))::bigint AS "jobs",
             (SELECT COUNT(*) FROM projects p WHERE p.owner_id = u.id)::bigint AS "projects",
             (SELECT COUNT(*) FROM sandboxes s JOIN projects p ON p.id = s.project_id WHERE p.owner_id = u.id AND s.state IN ('running', 'building'))::bigint AS "runningSandboxes",
             (SELECT COALESCE(SUM(f.size_bytes), 0) FROM project_files f JOIN projects p ON p.id = f.project_id WHERE p.owner_id = u.id)::bigint AS "storedBytes"
      FROM matched m JOIN users u ON u.id = m.id
      ORDER BY u.last_seen_at DESC`;
  }
}
