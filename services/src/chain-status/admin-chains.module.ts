import { Module } from '@nestjs/common';
import { ChainsModule } from '../chains/chains.module.js';
import { AdminChainsController } from './admin-chains.controller.js';
import { AdminChainsService } from './admin-chains.service.js';

/** Staff set each network's status (the public read is ChainStatusModule). */
@Module({
  imports: [ChainsModule],
  controllers: [AdminChainsController],
  providers: [AdminChainsService],
})
export class AdminChainsModule {}
