import { Inject, Injectable } from '@nestjs/common';
import type { HealthResponse, InfoResponse, ReadyResponse } from '@forge/protocol/api';
import { ErrorCode } from '@forge/protocol/errors';
import { AgentService } from '../agent/agent.service.js';
import { WorkQueue } from '../cluster/work-queue.js';
import type { AuthUser } from '../common/auth/auth.decorators.js';
import { DomainError } from '../common/errors/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { DrainState } from '../operations/drain.js';
import { SandboxesService } from '../sandboxes/sandboxes.service.js';
import { SystemRepository } from './system.repository.js';

/** A database that has not answered by then is as good as down to a load balancer. */
const DATABASE_TIMEOUT_MS = 2000;

@Injectable()
export class SystemService {
  private readonly startedAt = new Date();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sandboxes: SandboxesService,
    private readonly agent: AgentService,
    private readonly repository: SystemRepository,
    private readonly drain: DrainState,
    private readonly queue: WorkQueue,
  ) {}

  /** The process answers: for restarts by an orchestrator. */
  health(): HealthResponse {
    return { ok: true, version: this.config.version };
  }

  /** Whether to send this server traffic: 503 naming what is missing while it cannot serve. */
  async ready(): Promise<ReadyResponse> {
    if (this.drain.draining) throw new DomainError(ErrorCode.Unavailable, 'Not ready: this server is shutting down');
    const [database, queue, engine, nodes] = await Promise.all([
      withTimeout(this.repository.ping(), DATABASE_TIMEOUT_MS).then(
        () => null,
        (err: Error) => err.message,
      ),
      withTimeout(this.queue.check(), DATABASE_TIMEOUT_MS).then(
        () => null,
        (err: Error) => err.message,
      ),
      this.sandboxes.engineStatus(),
      // The host list is a warning, not a readiness check: a slow or failing read leaves it out.
      withTimeout(this.sandboxes.listNodes(), DATABASE_TIMEOUT_MS).catch(() => []),
    ]);
    const failing: Array<{ what: string; why: string }> = [];
    if (database !== null) failing.push({ what: 'the database', why: database });
    if (queue !== null) failing.push({ what: 'the work queue', why: queue });
    if (!engine.reachable) failing.push({ what: 'the container engine', why: engine.detail });
    if (failing.length > 0) {
      const message = `Not ready: ${failing.map((f) => f.what).join(' and ')} ${failing.length > 1 ? 'do' : 'does'} not answer`;
      throw new DomainError(ErrorCode.Unavailable, message, failing.map((f) => `${f.what}: ${f.why}`).join('; '));
    }
    const takingWork = nodes.filter((node) => node.state === 'healthy' && !node.draining).length;
    const warnings: string[] = [];
    if (nodes.length > 0 && takingWork === 0) warnings.push('No sandbox host takes work: new builds and stopped previews fail until an operator undrains a host or a lost one comes back.');
    for (const node of nodes.filter((n) => n.state === 'lost'))
      warnings.push(`Sandbox host ${node.id} is lost: it missed ${node.missedHeartbeats} heartbeats${node.lostReason ? ` (${node.lostReason})` : ''}.`);
    return { ok: true, database: 'ok', queue: 'ok', containerEngine: engine.detail, sandboxHosts: { takingWork, total: nodes.length }, warnings };
  }

  /** What is running; how the server is made up (and so how to change it) only for operators. */
  async info(viewer: AuthUser): Promise<InfoResponse> {
    const { llm } = this.config;
    const engine = await this.sandboxes.engineStatus();
    const info: InfoResponse = {
      version: this.config.version,
      startedAt: this.startedAt.toISOString(),
      provider: { name: llm.provider, model: this.agent.provider.model },
      containerEngine: { reachable: engine.reachable },
      previewDomain: this.config.previewDomain,
    };
    if (!viewer.isAdmin) return info;
    return {
      ...info,
      operator: {
        nodeVersion: process.version,
        providerBaseUrl: llm.provider === 'anthropic' ? llm.anthropicBaseUrl : llm.provider === 'openai' ? llm.openaiBaseUrl : null,
        containerEngine: { version: engine.version, detail: engine.detail },
        database: { mode: this.config.databaseUrl ? 'external' : 'embedded' },
      },
    };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
