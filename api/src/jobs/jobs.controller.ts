import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { type AuthUser, CurrentUser } from '../common/auth/auth.decorators.js';
import { BodyLimit } from '../common/http/json-body.js';
import { lastEventId, writeSse } from '../common/http/sse.js';
import { RateLimited } from '../limits/rate-limited.decorator.js';
import { StartsWork } from '../operations/drain.js';
import { START_JOB_BODY_LIMIT_BYTES, type StartJobDto, startJobSchema } from './dto/start-job.dto.js';
import { JobsService } from './jobs.service.js';

@Controller('jobs')
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @Post('start')
  @StartsWork()
  @RateLimited('jobStarts')
  @BodyLimit(START_JOB_BODY_LIMIT_BYTES)
  start(@CurrentUser() user: AuthUser, @Body({ schema: startJobSchema }) body: StartJobDto) {
    return this.jobs.start(user.id, body);
  }

  @Get('active')
  active(@CurrentUser() user: AuthUser) {
    return this.jobs.active(user.id);
  }

  @Get(':id/status')
  status(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.jobs.status(user.id, id);
  }

  @Get(':id/stream')
  stream(@CurrentUser() user: AuthUser, @Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return writeSse(req, res, this.jobs.stream(user.id, id, lastEventId(req)));
  }
}
