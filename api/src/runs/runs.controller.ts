import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { type AuthUser, CurrentUser } from '../common/auth/auth.decorators.js';
import { lastEventId, writeSse } from '../common/http/sse.js';
import { RunsService } from './runs.service.js';
import { runEventsSse } from './spec-streams.js';

@Controller('runs')
export class RunsController {
  constructor(private readonly runs: RunsService) {}

  @Get(':id')
  summary(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.runs.summary(user.id, id);
  }

  @Get(':id/stream')
  stream(@CurrentUser() user: AuthUser, @Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return writeSse(
      req,
      res,
      this.runs.stream(user.id, id, lastEventId(req)).then((run) => runEventsSse(run.events)),
    );
  }
}
