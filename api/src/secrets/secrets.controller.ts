import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { type AuthUser, CurrentUser } from '../common/auth/auth.decorators.js';
import { type SaveSecretsDto, saveSecretsSchema } from './dto/save-secrets.dto.js';
import { SecretsService } from './secrets.service.js';

@Controller('projects')
export class SecretsController {
  constructor(private readonly secrets: SecretsService) {}

  @Get(':project/secrets')
  list(@CurrentUser() user: AuthUser, @Param('project') project: string) {
    return this.secrets.list(user.id, project);
  }

  @Post(':project/secrets')
  @HttpCode(200)
  save(@CurrentUser() user: AuthUser, @Param('project') project: string, @Body({ schema: saveSecretsSchema }) body: SaveSecretsDto) {
    return this.secrets.save(user.id, project, body.secrets);
  }
}
