import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { type AuthUser, CurrentUser } from '../common/auth/auth.decorators.js';
import { type PublishDto, publishSchema } from './dto/publish.dto.js';
import { SharesService } from './shares.service.js';

/** The owner's side: publish, unpublish, and which projects are published. */
@Controller()
export class SharesController {
  constructor(private readonly shares: SharesService) {}

  // Before the public `shares/:shareId`, which would otherwise take "mine" for a share id.
  @Get('shares/mine')
  mine(@CurrentUser() user: AuthUser) {
    return this.shares.mine(user.id);
  }

  @Get('projects/:project/share')
  status(@CurrentUser() user: AuthUser, @Param('project') project: string) {
    return this.shares.status(user.id, project);
  }

  @Post('projects/:project/share')
  @HttpCode(200)
  publish(@CurrentUser() user: AuthUser, @Param('project') project: string, @Body({ schema: publishSchema }) body: PublishDto) {
    return this.shares.publish(user.id, project, body.description);
  }

  @Delete('projects/:project/share')
  unpublish(@CurrentUser() user: AuthUser, @Param('project') project: string) {
    return this.shares.unpublish(user.id, project);
  }
}
