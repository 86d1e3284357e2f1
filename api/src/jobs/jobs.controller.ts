import { Controller, Get, Param } from '@nestjs/common';
import { type AuthUser, CurrentUser } from '../auth/auth.decorators.js';
import { JobsService } from './jobs.service.js';

@Controller('jobs')
export class JobsController {
  constructor(private readonly jobs: JobsService) {}

  @Get('active')
  active(@CurrentUser() user: AuthUser) { return this.jobs.active(user.id); }

  @Get(':id/status')
  status(@CurrentUser() user: AuthUser, @Param('id') id: string) { return this.jobs.status(user.id, id); }
}
