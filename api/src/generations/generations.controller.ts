import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { type AuthUser, CurrentUser } from '../common/auth/auth.decorators.js';
import { BodyLimit } from '../common/http/json-body.js';
import { lastEventId } from '../common/http/sse.js';
import { RateLimited } from '../limits/rate-limited.decorator.js';
import { StartsWork } from '../operations/drain.js';
import { writeRunSse } from '../runs/runs.service.js';
import { START_JOB_BODY_LIMIT_BYTES, type StartJobDto, startJobSchema } from './dto/start-job.dto.js';
import { GenerationsService } from './generations.service.js';

/** The spec's job endpoints: a generation's start, and any generation's or edit's status and stream. */
@Controller('jobs')
export class GenerationsController {
  constructor(private readonly generations: GenerationsService) {}

  @Post('start')
  @StartsWork()
  @RateLimited('jobStarts')
  @BodyLimit(START_JOB_BODY_LIMIT_BYTES)
  start(@CurrentUser() user: AuthUser, @Body({ schema: startJobSchema }) body: StartJobDto) {
    return this.generations.start(user.id, body);
  }

  @Get('active')
  active(@CurrentUser() user: AuthUser) {
    return this.generations.active(user.id);
  }

  @Get(':id/status')
  status(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.generations.status(user.id, id);
  }

  @Get(':id/stream')
  stream(@CurrentUser() user: AuthUser, @Param('id') id: string, @Req() req: Request, @Res() res: Response) {
    return writeRunSse(req, res, this.generations.stream(user.id, id, lastEventId(req)));
  }
}
