import { Body, Controller, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { type AuthUser, CurrentUser } from '../common/auth/auth.decorators.js';
import { BodyLimit } from '../common/http/json-body.js';
import { RateLimited } from '../limits/rate-limited.decorator.js';
import { writeRunSse } from '../runs/runs.service.js';
import { EDIT_PROJECT_BODY_LIMIT_BYTES, type EditProjectDto, editProjectSchema } from './dto/edit-project.dto.js';
import { EditsService } from './edits.service.js';

@Controller('projects')
export class EditsController {
  constructor(private readonly edits: EditsService) {}

  @Post(':project/edit')
  @RateLimited('jobStarts')
  @BodyLimit(EDIT_PROJECT_BODY_LIMIT_BYTES)
  edit(@CurrentUser() user: AuthUser, @Param('project') project: string, @Body({ schema: editProjectSchema }) body: EditProjectDto, @Req() req: Request, @Res() res: Response) {
    return writeRunSse(req, res, this.edits.start(user.id, project, body));
  }
}
