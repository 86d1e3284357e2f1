import { Body, Controller, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { type AuthUser, CurrentUser } from '../common/auth/auth.decorators.js';
import { writeRunSse } from '../runs/runs.service.js';
import { StartsWork } from '../operations/drain.js';
import { BuildsService } from './builds.service.js';
import { type FixPreviewErrorDto, fixPreviewErrorSchema } from './dto/fix-preview-error.dto.js';

@Controller('projects')
export class BuildsController {
  constructor(private readonly builds: BuildsService) {}

  @Post(':project/build')
  @StartsWork()
  build(@CurrentUser() user: AuthUser, @Param('project') project: string, @Req() req: Request, @Res() res: Response) {
    return writeRunSse(req, res, this.builds.build(user.id, project));
  }

  @Post(':project/fix')
  @StartsWork()
  fix(@CurrentUser() user: AuthUser, @Param('project') project: string, @Body({ schema: fixPreviewErrorSchema }) body: FixPreviewErrorDto, @Req() req: Request, @Res() res: Response) {
    return writeRunSse(req, res, this.builds.fixReported(user.id, project, body.error));
  }
}
