import { Module } from '@nestjs/common';
import { ChainsModule } from '../chains/rpc/chains.module.js';
import { ReadCacheModule } from '../read-cache/read-cache.module.js';
import { PriceCloseSeries } from './price-close-series.js';
import { PricesService } from './prices.service.js';

/** Token prices, read from the price read models. */
@Module({
  imports: [ChainsModule, ReadCacheModule],
  providers: [PricesService, PriceCloseSeries],
  exports: [PricesService, PriceCloseSeries],
})
export class PricesModule {}
