import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module.js';
import { SecretCipher } from './secret-cipher.js';
import { SecretsController } from './secrets.controller.js';
import { SecretsRepository } from './secrets.repository.js';
import { SecretsService } from './secrets.service.js';

/** SecretsService masks and provides values; SecretCipher seals other credentials (database URLs) the same way. */
@Module({
  imports: [ProjectsModule],
  controllers: [SecretsController],
  providers: [SecretsRepository, SecretCipher, SecretsService],
  exports: [SecretsService, SecretCipher],
})
export class SecretsModule {}
