import { Controller, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { type AuthUser, CurrentUser } from '../auth/auth.decorators.js';
import { BuildsService } from './builds.service.js';

@Controller('projects')
export class BuildsController {
  constructor(private readonly builds: BuildsService) {}

  @Post(':project/build')
  build(@CurrentUser() user: AuthUser, @Param('project') project: string, @Res() res: Response) { return this.builds.build(user.id, project, res); }
}
