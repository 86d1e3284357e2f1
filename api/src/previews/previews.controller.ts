import { Controller, Get, Param } from '@nestjs/common';
import { type AuthUser, CurrentUser } from '../common/auth/auth.decorators.js';
import { PreviewsService } from './previews.service.js';

@Controller('projects')
export class PreviewsController {
  constructor(private readonly previews: PreviewsService) {}

  @Get(':project/preview-status')
  status(@CurrentUser() user: AuthUser, @Param('project') project: string) {
    return this.previews.status(user.id, project);
  }
}
