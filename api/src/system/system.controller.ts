import { Controller, Get } from '@nestjs/common';
import { type AuthUser, CurrentUser, Public } from '../common/auth/auth.decorators.js';
import { SystemService } from './system.service.js';

@Controller()
export class SystemController {
  constructor(private readonly system: SystemService) {}

  @Public()
  @Get('health')
  health() {
    return this.system.health();
  }

  @Public()
  @Get('ready')
  ready() {
    return this.system.ready();
  }

  @Get('info')
  info(@CurrentUser() user: AuthUser) {
    return this.system.info(user);
  }
}
