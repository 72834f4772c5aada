import { Module } from '@nestjs/common';
import { ChainsModule } from '../rpc/chains.module.js';
import { ChainStatusService } from './chain-status.service.js';

/** The public read of chain status (served by api/cached-public-routes.ts; staff set it under /api/admin). */
@Module({
  imports: [ChainsModule],
  providers: [ChainStatusService],
  exports: [ChainStatusService],
})
export class ChainStatusModule {}
