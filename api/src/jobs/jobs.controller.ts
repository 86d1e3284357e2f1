import { Body, Controller, Get, Param, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { type AuthUser, CurrentUser } from '../auth/auth.decorators.js';
import { type StartJobDto, startJobSchema } from './dto/start-job.dto.js';
import { JobsService } from './jobs.service.js';

@Controller('jobs')
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @Post('start')
  start(@CurrentUser() user: AuthUser, @Body({ schema: startJobSchema }) body: StartJobDto) { return this.jobs.start(user.id, body); }

  @Get('active')
  active(@CurrentUser() user: AuthUser) { return this.jobs.active(user.id); }

  @Get(':id/status')
  status(@CurrentUser() user: AuthUser, @Param('id') id: string) { return this.jobs.status(user.id, id); }

  @Get(':id/stream')
  stream(@CurrentUser() user: AuthUser, @Param('id') id: string, @Req() req: Request, @Res() res: Response) { return this.jobs.stream(user.id, id, req, res); }
}
