import { Module } from '@nestjs/common';
import { ChainsModule } from '../chains/rpc/chains.module.js';
import { PricesModule } from '../prices/prices.module.js';
import { ReadCacheModule } from '../read-cache/read-cache.module.js';
import { PublicApiController } from './public-api.controller.js';
import { PublicApiService } from './public-api.service.js';

/** The public price API (/api/v1), rate-limited per client. */
@Module({
  imports: [ChainsModule, PricesModule, ReadCacheModule],
  controllers: [PublicApiController],
  providers: [PublicApiService],
})
export class PublicApiModule {}
