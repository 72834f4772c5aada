import { Module } from '@nestjs/common';
import { ReadCacheModule } from '../read-cache/read-cache.module.js';
import { SilverRollupSeries } from './silver-rollup-series.js';
import { SilverService } from './silver.service.js';

/** The silver price per gram, read from its read model. */
@Module({
  imports: [ReadCacheModule],
  providers: [SilverService, SilverRollupSeries],
  exports: [SilverService, SilverRollupSeries],
})
export class SilverModule {}
