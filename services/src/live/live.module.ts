import { Module } from '@nestjs/common';
import { PricesModule } from '../prices/prices.module.js';
import { SilverModule } from '../silver/silver.module.js';
import { SiteModule } from '../site/site.module.js';
import { LiveStreamController } from './live-stream.controller.js';
import { LiveStreamGate, liveStreamLimitsProvider } from './live-stream-gate.js';
import { LiveStreamService } from './live-stream.service.js';

@Module({
  imports: [PricesModule, SilverModule, SiteModule],
  controllers: [LiveStreamController],
  providers: [LiveStreamService, LiveStreamGate, liveStreamLimitsProvider],
  exports: [LiveStreamService],
})
export class LiveModule {}
