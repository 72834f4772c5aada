import { Module } from '@nestjs/common';
import { ChainStatusModule } from '../chains/status/chain-status.module.js';
import { OverviewController } from './overview.controller.js';
import { OverviewService } from './overview.service.js';

/** The staff panel's Overview tab. */
@Module({
  imports: [ChainStatusModule],
  controllers: [OverviewController],
  providers: [OverviewService],
})
export class OverviewModule {}
