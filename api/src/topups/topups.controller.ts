import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { type AuthUser, CurrentUser } from '../common/auth/auth.decorators.js';
import { BodyLimit } from '../common/http/json-body.js';
import { type LinkWalletDto, type SubmitDepositDto, linkWalletSchema, submitDepositSchema } from './dto/topups.dto.js';
import { TopUpsService } from './topups.service.js';

@Controller('topups')
export class TopUpsController {
  constructor(private readonly topUps: TopUpsService) {}

  @Get()
  overview(@CurrentUser() user: AuthUser) {
    return this.topUps.overview(user.id);
  }

  @Post('wallets/challenge')
  @HttpCode(200)
  challenge(@CurrentUser() user: AuthUser) {
    return this.topUps.challenge(user.id);
  }

  @Post('wallets')
  @BodyLimit(8192)
  link(@CurrentUser() user: AuthUser, @Body({ schema: linkWalletSchema }) body: LinkWalletDto) {
    return this.topUps.link(user.id, body);
  }

  @Post('deposits')
  @HttpCode(200)
  @BodyLimit(4096)
  submit(@CurrentUser() user: AuthUser, @Body({ schema: submitDepositSchema }) body: SubmitDepositDto) {
    return this.topUps.submit(user.id, body);
  }
}
