import { Controller, Get, Header, Param, StreamableFile } from '@nestjs/common';
import { type AuthUser, CurrentUser } from '../common/auth/auth.decorators.js';
import { PreviewChecksService } from './preview-checks.service.js';

@Controller('projects')
export class PreviewChecksController {
  constructor(private readonly checks: PreviewChecksService) {}

  @Get(':project/thumbnail')
  @Header('Cache-Control', 'private, no-cache')
  async thumbnail(@CurrentUser() user: AuthUser, @Param('project') project: string) {
    return new StreamableFile(await this.checks.thumbnail(user.id, project), { type: 'image/jpeg' });
  }
}
