import { Controller, Get, Param } from '@nestjs/common';
import { type AuthUser, CurrentUser } from '../common/auth/auth.decorators.js';
import { PreviewStatusService } from './preview-status.service.js';

@Controller('projects')
export class PreviewStatusController {
  constructor(private readonly previews: PreviewStatusService) {}

  @Get(':project/preview-status')
  status(@CurrentUser() user: AuthUser, @Param('project') project: string) {
    return this.previews.status(user.id, project);
  }
}
