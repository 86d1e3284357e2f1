import { Module } from '@nestjs/common';
import { CreditsModule } from '../credits/credits.module.js';
import { usdcChainProvider } from './chain/usdc-chain.provider.js';
import { TopUpsController } from './topups.controller.js';
import { TopUpsRepository } from './topups.repository.js';
import { TopUpsService } from './topups.service.js';

@Module({
  imports: [CreditsModule],
  controllers: [TopUpsController],
  providers: [usdcChainProvider, TopUpsRepository, TopUpsService],
})
export class TopUpsModule {}
