import { Injectable, Logger } from '@nestjs/common';
import type { AdminNodeResponse, AdminNodesResponse, AdminSandboxesResponse, AdminSandboxLogsResponse } from '@forge/protocol/admin';
import type { GrantCreditsResponse } from '@forge/protocol/credits';
import type { AuthUser } from '../common/auth/auth.decorators.js';
import { CreditsService } from '../credits/credits.service.js';
import type { GrantCreditsDto } from '../credits/dto/grant-credits.dto.js';
import { SandboxesService } from '../sandboxes/sandboxes.service.js';
import { SecretsService } from '../secrets/secrets.service.js';

export interface OkResponse {
  ok: true;
}

/** The operators' console: what an operator sees of every sandbox and may do to it. Each action is logged with who did it. */
@Injectable()
export class AdminService {
  private readonly logger = new Logger('Admin');

  constructor(
    private readonly sandboxes: SandboxesService,
    private readonly secrets: SecretsService,
    private readonly credits: CreditsService,
  ) {}

  /** Credits for an account, as a ledger entry naming the operator (the credits service logs it). */
  grantCredits(operator: AuthUser, dto: GrantCreditsDto): Promise<GrantCreditsResponse> {
    return this.credits.grant(operator, dto);
  }

  async listSandboxes(): Promise<AdminSandboxesResponse> {
    return { sandboxes: await this.sandboxes.listForAdmin() };
  }

  async stop(operator: AuthUser, projectId: string): Promise<OkResponse> {
    await this.sandboxes.stop(projectId);
    this.logger.log(`Operator ${operator.id} stopped the sandbox of project ${projectId}`);
    return { ok: true };
  }

  async restart(operator: AuthUser, projectId: string): Promise<OkResponse> {
    await this.sandboxes.restart(projectId);
    this.logger.log(`Operator ${operator.id} restarted the sandbox of project ${projectId}`);
    return { ok: true };
  }

  async remove(operator: AuthUser, projectId: string): Promise<OkResponse> {
    await this.sandboxes.remove(projectId);
    this.logger.log(`Operator ${operator.id} removed the sandbox of project ${projectId}`);
    return { ok: true };
  }

  async listNodes(): Promise<AdminNodesResponse> {
    return { nodes: await this.sandboxes.listNodes() };
  }

  /** Draining a host stops new sandboxes going there; the ones it runs stay until they stop. */
  async setDraining(operator: AuthUser, nodeId: string, draining: boolean): Promise<AdminNodeResponse> {
    const node = await this.sandboxes.setNodeDraining(nodeId, draining);
    this.logger.log(`Operator ${operator.id} ${draining ? 'drained' : 'undrained'} sandbox host ${nodeId}`);
    return { node };
  }

  /** The app's own output may print its secrets: operators see them masked. */
  async logs(projectId: string): Promise<AdminSandboxLogsResponse> {
    const logs = await this.sandboxes.logs(projectId);
    return { logs: (await this.secrets.masker(projectId))(logs) };
  }
}
