import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { type AuthUser, CurrentUser } from '../common/auth/auth.decorators.js';
import { type RestoreVersionDto, restoreVersionSchema } from './dto/restore-version.dto.js';
import { VersionsService } from './versions.service.js';

@Controller('projects')
export class VersionsController {
  constructor(private readonly versions: VersionsService) {}

  @Get(':project/versions')
  list(@CurrentUser() user: AuthUser, @Param('project') project: string) {
    return this.versions.list(user.id, project);
  }

  @Get(':project/versions/:id/diff')
  diff(@CurrentUser() user: AuthUser, @Param('project') project: string, @Param('id') id: string) {
    return this.versions.diff(user.id, project, id);
  }

  @Post(':project/versions/:id/restore')
  restore(@CurrentUser() user: AuthUser, @Param('project') project: string, @Param('id') id: string, @Body({ schema: restoreVersionSchema }) body: RestoreVersionDto) {
    return this.versions.restore(user.id, project, id, body);
  }
}
