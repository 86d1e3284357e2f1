import { Controller, Get, Query } from '@nestjs/common';
import { type AuthUser, CurrentUser } from '../common/auth/auth.decorators.js';
import { CreditsService } from './credits.service.js';
import { type CreditsPageQuery, creditsPageQuerySchema } from './dto/credits-page.query.js';

@Controller('credits')
export class CreditsController {
  constructor(private readonly credits: CreditsService) {}

  @Get()
  list(@CurrentUser() user: AuthUser, @Query({ schema: creditsPageQuerySchema }) query: CreditsPageQuery) {
    return this.credits.list(user.id, query);
  }

  @Get('usage')
  usage(@CurrentUser() user: AuthUser) {
    return this.credits.usage(user.id);
  }
}
