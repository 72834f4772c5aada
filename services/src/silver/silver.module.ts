import { Module } from '@nestjs/common';
import { ReadCacheModule } from '../read-cache/read-cache.module.js';
import { SilverService } from './silver.service.js';

/** The silver price per gram, read from its read model. */
@Module({
  imports: [ReadCacheModule],
  providers: [SilverService],
  exports: [SilverService],
})
export class SilverModule {}
