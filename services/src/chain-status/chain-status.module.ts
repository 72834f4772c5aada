import { Module } from '@nestjs/common';
import { ChainsModule } from '../chains/chains.module.js';
import { DATABASE } from '../core/tokens.js';
import type { DatabaseHandle } from '../database/database.js';
import { ChainStatusController } from './chain-status.controller.js';
import { ChainStatusRepository } from './chain-status.repository.js';
import { ChainStatusService } from './chain-status.service.js';

/** The public read of chain status (staff set it under /api/admin). */
@Module({
  imports: [ChainsModule],
  controllers: [ChainStatusController],
  providers: [
    ChainStatusService,
    {
      provide: ChainStatusRepository,
      inject: [DATABASE],
      useFactory: (database: DatabaseHandle) => new ChainStatusRepository(database.db),
    },
  ],
})
export class ChainStatusModule {}
