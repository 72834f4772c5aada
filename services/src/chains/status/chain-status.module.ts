import { Module } from '@nestjs/common';
import { ChainsModule } from '../rpc/chains.module.js';
import { ChainStatusController } from './chain-status.controller.js';
import { ChainStatusService } from './chain-status.service.js';

/** The public read of chain status (staff set it under /api/admin). */
@Module({
  imports: [ChainsModule],
  controllers: [ChainStatusController],
  providers: [ChainStatusService],
  exports: [ChainStatusService],
})
export class ChainStatusModule {}
