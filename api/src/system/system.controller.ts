import { Controller, Get } from '@nestjs/common';
import { Public } from '../auth/auth.decorators.js';
import { SystemService } from './system.service.js';

@Controller()
export class SystemController {
  constructor(private readonly system: SystemService) {}

  @Public() @Get('health')
  health() { return this.system.health(); }

  @Get('info')
  info() { return this.system.info(); }
}
