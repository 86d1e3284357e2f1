import { Injectable } from '@nestjs/common';
import {
  ADMIN_ACCOUNTS_LIMIT,
  ADMIN_SANDBOXES_PAGE_SIZE,
  type AdminNode,
  type AdminOverview,
  type AdminWarning,
  type AdminAccountsResponse,
  type AdminNodeResponse,
  type AdminNodesResponse,
  type AdminRestartResponse,
  type AdminRun,
  type AdminRunKind,
  type AdminRunsResponse,
  type AdminSandboxesResponse,
  type AdminSandboxLogsResponse,
  type AuditAction,
  type AuditResponse,
  type CancelRunResponse,
} from '@forge/protocol/admin';
import { type GrantCreditsResponse, formatMicroUsd } from '@forge/protocol/credits';
import { ErrorCode } from '@forge/protocol/errors';
import { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../common/auth/auth.decorators.js';
import { DomainError } from '../common/errors/domain-error.js';
import { CreditsService } from '../credits/credits.service.js';
import { type RunningRunRecord, RunStop, RunsService } from '../runs/runs.service.js';
import type { GrantCreditsDto } from '../credits/dto/grant-credits.dto.js';
import { SandboxesService } from '../sandboxes/sandboxes.service.js';
import { SecretsService } from '../secrets/secrets.service.js';
import { AdminAccountsRepository } from './admin-accounts.repository.js';
import { AdminOverviewRepository } from './admin-overview.repository.js';
import type { AccountsQuery } from './dto/accounts-query.js';
import type { AuditPageQuery } from './dto/audit-page.query.js';
import type { CancelRunDto } from './dto/cancel-run.dto.js';
import type { DrainNodeDto } from './dto/drain-node.dto.js';
import type { SandboxesPageQuery } from './dto/sandboxes-page.query.js';

/** Where Prometheus scrapes each replica (outside /api: METRICS_TOKEN or a caller on the machine). */
const METRICS_PATH = '/metrics';

export interface OkResponse {
  ok: true;
}

const SANDBOX_VERBS = { 'sandbox.stop': 'stopped', 'sandbox.restart': 'restarted', 'sandbox.remove': 'removed' } as const;

/** The operators' console: what an operator sees of every sandbox and may do to it. Each action writes one audit entry. */
@Injectable()
export class AdminService {
  constructor(
    private readonly sandboxes: SandboxesService,
    private readonly secrets: SecretsService,
    private readonly credits: CreditsService,
    private readonly audit: AuditService,
    private readonly accounts: AdminAccountsRepository,
    private readonly overviewCounts: AdminOverviewRepository,
    private readonly runs: RunsService,
  ) {}

  /** Accounts by id, key hint or project name, with what each spends, runs and stores. */
  async searchAccounts(query: AccountsQuery): Promise<AdminAccountsResponse> {
    const rows = await this.accounts.search(query.q, ADMIN_ACCOUNTS_LIMIT);
    return {
      accounts: rows.map((row) => ({
        id: row.id,
        keyHint: row.keyHint,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        balanceMicroUsd: Number(row.balance),
        spentMicroUsd: Number(row.spent),
        jobs: Number(row.jobs),
        projects: Number(row.projects),
        runningSandboxes: Number(row.runningSandboxes),
        storedBytes: Number(row.storedBytes),
        limitsHit: row.limitsHit,
        matchedProjects: row.matchedProjects,
      })),
    };
  }

  /** Credits for an account (or a correction of a mistaken grant), recorded in the ledger and the audit trail. */
  async grantCredits(operator: AuthUser, dto: GrantCreditsDto): Promise<GrantCreditsResponse> {
    const { correction, amountMicroUsd, ...result } = await this.credits.grant(operator, dto);
    const amount = formatMicroUsd(correction ? -amountMicroUsd : amountMicroUsd, { precise: true });
    await this.audit.record({
      operatorId: operator.id,
      action: correction ? 'credits.correction' : 'credits.grant',
      accountId: dto.accountId,
      summary: correction ? `Took back ${amount} from account ${dto.accountId} (a correction)` : `Granted ${amount} to account ${dto.accountId}`,
      reason: dto.reason,
    });
    return result;
  }

  listSandboxes(query: SandboxesPageQuery): Promise<AdminSandboxesResponse> {
    return this.sandboxes.listForAdmin(query.cursor, query.limit ?? ADMIN_SANDBOXES_PAGE_SIZE);
  }

  /** The console's first screen: the work waiting and running, the hosts taking it, and what is wrong with them. */
  async overview(): Promise<AdminOverview> {
    const [work, nodes] = await Promise.all([this.overviewCounts.countWork(), this.sandboxes.listNodes()]);
    const takingWork = nodes.filter((node) => node.state === 'healthy' && !node.draining).length;
    return { ...work, nodesTakingWork: takingWork, nodesTotal: nodes.length, warnings: consoleWarnings(nodes), metricsPath: METRICS_PATH };
  }

  async stop(operator: AuthUser, projectId: string): Promise<OkResponse> {
    await this.runs.stopProjectBuild(projectId, new RunStop('operator', 'its sandbox was stopped'));
    await this.sandboxes.stop(projectId);
    await this.recordSandboxAction(operator, 'sandbox.stop', projectId);
    return { ok: true };
  }

  /** Says what the restart did: it stops the container and queues its start; it does not wait for it. */
  async restart(operator: AuthUser, projectId: string): Promise<AdminRestartResponse> {
    await this.runs.stopProjectBuild(projectId, new RunStop('operator', 'its sandbox was restarted'));
    const before = await this.sandboxes.restart(projectId);
    await this.recordSandboxAction(operator, 'sandbox.restart', projectId);
    return { ok: true, message: restartMessage(before) };
  }

  async remove(operator: AuthUser, projectId: string): Promise<OkResponse> {
    // Named before it goes: the trail keeps the project's name and owner.
    const project = await this.sandboxes.describeProject(projectId);
    await this.runs.stopProjectBuild(projectId, new RunStop('operator', 'its sandbox was removed'));
    await this.sandboxes.remove(projectId);
    await this.recordSandboxAction(operator, 'sandbox.remove', projectId, project);
    return { ok: true };
  }

  async listNodes(): Promise<AdminNodesResponse> {
    return { nodes: await this.sandboxes.listNodes() };
  }

  /**
   * Draining a host stops new sandboxes going there; the ones it runs stay until they stop. Draining
   * the last host that takes work stops every new build and preview, so it needs `confirmLastNode`.
   */
  async setDraining(operator: AuthUser, nodeId: string, draining: boolean, dto: DrainNodeDto = {}): Promise<AdminNodeResponse> {
    if (draining && !dto.confirmLastNode) {
      const takingWork = (await this.sandboxes.listNodes()).filter((node) => node.state === 'healthy' && !node.draining);
      if (takingWork.length === 1 && takingWork[0]!.id === nodeId) {
        throw new DomainError(
          ErrorCode.ConfirmationRequired,
          `${nodeId} is the last host taking work: once drained, no new project builds and no stopped preview starts again until a host is undrained. Confirm to drain it anyway.`,
        );
      }
    }
    const node = await this.sandboxes.setNodeDraining(nodeId, draining);
    await this.audit.record({
      operatorId: operator.id,
      action: draining ? 'node.drain' : 'node.undrain',
      nodeId,
      summary: `${draining ? 'Drained' : 'Undrained'} sandbox host ${nodeId}`,
      reason: dto.reason ?? null,
    });
    return { node };
  }

  /** Builds, fixes, generations and edits running now, oldest first. */
  async listRuns(): Promise<AdminRunsResponse> {
    return { runs: (await this.runs.listRunning()).map(toAdminRun) };
  }

  /**
   * Stops running work, saying why to its owner (their stream reads "stopped by an operator: <reason>")
   * and in the audit trail; a build's last good preview keeps serving.
   */
  async cancelRun(operator: AuthUser, runId: string, dto: CancelRunDto): Promise<CancelRunResponse> {
    const run = await this.runs.findRunning(runId);
    const what = `${RUN_NOUNS[run.kind as AdminRunKind]} of project "${run.projectName}"`;
    await this.audit.record({
      operatorId: operator.id,
      action: 'run.cancel',
      projectId: run.projectId,
      projectName: run.projectName,
      accountId: run.ownerId,
      summary: `Cancelled the ${what}`,
      reason: dto.reason,
    });
    const ended = await this.runs.stop(run.id, new RunStop('operator', dto.reason));
    return {
      ok: true,
      ended,
      message: ended ? `Cancelled the ${what}; its owner was told why.` : `Asked the ${what} to stop; it is still winding down. Check the list again shortly.`,
    };
  }

  audited(query: AuditPageQuery): Promise<AuditResponse> {
    return this.audit.page(query);
  }

  /** The app's own output may print its secrets: operators see them masked. */
  async logs(projectId: string): Promise<AdminSandboxLogsResponse> {
    const logs = await this.sandboxes.logs(projectId);
    return { logs: (await this.secrets.masker(projectId))(logs) };
  }

  private async recordSandboxAction(operator: AuthUser, action: keyof typeof SANDBOX_VERBS, projectId: string, known?: { name: string; ownerId: string } | null): Promise<void> {
    const project = known === undefined ? await this.sandboxes.describeProject(projectId) : known;
    await this.audit.record({
      operatorId: operator.id,
      action: action satisfies AuditAction,
      projectId,
      projectName: project?.name ?? null,
      accountId: project?.ownerId ?? null,
      summary: `${SANDBOX_VERBS[action][0]!.toUpperCase()}${SANDBOX_VERBS[action].slice(1)} the sandbox of project ${project ? `"${project.name}"` : projectId}`,
    });
  }
}

const RUN_NOUNS: Record<AdminRunKind, string> = { build: 'build', fix: 'fix', generation: 'generation', edit: 'edit' };

function toAdminRun(run: RunningRunRecord): AdminRun {
  return {
    id: run.id,
    kind: run.kind as AdminRunKind,
    projectId: run.projectId,
    projectName: run.projectName,
    ownerId: run.ownerId,
    ownerKeyHint: run.ownerKeyHint,
    startedAt: run.createdAt.toISOString(),
    node: run.nodeId,
    replica: run.replicaName,
  };
}

/** What a restart did, by the state the sandbox was in: the start it queued runs in the background. */
export function restartMessage(before: 'running' | 'building' | 'stopped' | 'failed'): string {
  const start = 'Its start is queued: from its last build if its files have not changed since, otherwise by building it again. Check its state in the list.';
  switch (before) {
    case 'running':
      return `Stopped its container. ${start}`;
    case 'building':
      return `Stopped its container, and with it the build in progress. ${start}`;
    case 'failed':
      return `Its last build had failed, so there was nothing running to stop. ${start}`;
    case 'stopped':
      return `It was not running, so nothing was stopped. ${start}`;
  }
}

/** What the console's banner says: no host takes work, and each lost host with why. */
export function consoleWarnings(nodes: AdminNode[]): AdminWarning[] {
  const warnings: AdminWarning[] = [];
  const takingWork = nodes.filter((node) => node.state === 'healthy' && !node.draining);
  if (nodes.length > 0 && takingWork.length === 0) {
    const lost = nodes.filter((node) => node.state === 'lost');
    warnings.push({
      nodeId: null,
      message: 'No node takes work: new builds and stopped previews fail until a node is undrained or a lost one answers again.',
      reason: lost.length === nodes.length ? 'Every node is lost.' : lost.length > 0 ? `${nodes.length - lost.length} draining, ${lost.length} lost.` : 'Every node is draining.',
    });
  }
  for (const node of nodes) {
    if (node.state === 'lost')
      warnings.push({
        nodeId: node.id,
        message: `Node ${node.id} is lost: it missed ${node.missedHeartbeats} heartbeats, and its previews start on another node at their next visit.`,
        reason: node.lostReason,
      });
  }
  return warnings;
}
