import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { type AuthUser, CurrentUser } from '../common/auth/auth.decorators.js';
import { AdminGuard } from './admin.guard.js';
import { AdminService } from './admin.service.js';
import { BodyLimit } from '../common/http/json-body.js';
import { type GrantCreditsDto, grantCreditsSchema } from '../credits/dto/grant-credits.dto.js';
import { type AccountsQuery, accountsQuerySchema } from './dto/accounts-query.js';
import { type AuditPageQuery, auditPageQuerySchema } from './dto/audit-page.query.js';
import { type CancelRunDto, cancelRunSchema, runIdSchema } from './dto/cancel-run.dto.js';
import { type DrainNodeDto, drainNodeSchema } from './dto/drain-node.dto.js';
import { nodeIdSchema } from './dto/node-id.dto.js';
import { projectIdSchema } from './dto/project-id.dto.js';
import { type SandboxesPageQuery, sandboxesPageQuerySchema } from './dto/sandboxes-page.query.js';

@Controller('admin')
@UseGuards(AdminGuard)
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @Get('sandboxes')
  list(@Query({ schema: sandboxesPageQuerySchema }) query: SandboxesPageQuery) {
    return this.admin.listSandboxes(query);
  }

  @Get('overview')
  overview() {
    return this.admin.overview();
  }

  @Post('sandboxes/:projectId/stop')
  @HttpCode(200)
  stop(@CurrentUser() user: AuthUser, @Param('projectId', { schema: projectIdSchema }) projectId: string) {
    return this.admin.stop(user, projectId);
  }

  @Post('sandboxes/:projectId/restart')
  @HttpCode(200)
  restart(@CurrentUser() user: AuthUser, @Param('projectId', { schema: projectIdSchema }) projectId: string) {
    return this.admin.restart(user, projectId);
  }

  @Delete('sandboxes/:projectId')
  remove(@CurrentUser() user: AuthUser, @Param('projectId', { schema: projectIdSchema }) projectId: string) {
    return this.admin.remove(user, projectId);
  }

  @Post('credits/grant')
  @BodyLimit(4096)
  grant(@CurrentUser() user: AuthUser, @Body({ schema: grantCreditsSchema }) body: GrantCreditsDto) {
    return this.admin.grantCredits(user, body);
  }

  @Get('nodes')
  nodes() {
    return this.admin.listNodes();
  }

  @Post('nodes/:nodeId/drain')
  @HttpCode(200)
  @BodyLimit(4096)
  drain(@CurrentUser() user: AuthUser, @Param('nodeId', { schema: nodeIdSchema }) nodeId: string, @Body({ schema: drainNodeSchema }) body: DrainNodeDto) {
    return this.admin.setDraining(user, nodeId, true, body);
  }

  @Post('nodes/:nodeId/undrain')
  @HttpCode(200)
  undrain(@CurrentUser() user: AuthUser, @Param('nodeId', { schema: nodeIdSchema }) nodeId: string) {
    return this.admin.setDraining(user, nodeId, false);
  }

  @Get('accounts')
  accounts(@Query({ schema: accountsQuerySchema }) query: AccountsQuery) {
    return this.admin.searchAccounts(query);
  }

  @Get('audit')
  audit(@Query({ schema: auditPageQuerySchema }) query: AuditPageQuery) {
    return this.admin.audited(query);
  }

  @Get('runs')
  runs() {
    return this.admin.listRuns();
  }

  @Post('runs/:runId/cancel')
  @HttpCode(200)
  @BodyLimit(4096)
  cancelRun(@CurrentUser() user: AuthUser, @Param('runId', { schema: runIdSchema }) runId: string, @Body({ schema: cancelRunSchema }) body: CancelRunDto) {
    return this.admin.cancelRun(user, runId, body);
  }

  @Get('sandboxes/:projectId/logs')
  logs(@Param('projectId', { schema: projectIdSchema }) projectId: string) {
    return this.admin.logs(projectId);
  }
}
