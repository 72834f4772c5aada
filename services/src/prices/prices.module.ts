import { Module } from '@nestjs/common';
import { ChainsModule } from '../chains/rpc/chains.module.js';
import { ReadCacheModule } from '../read-cache/read-cache.module.js';
import { PriceCandleSeries } from './price-candle-series.js';
import { PriceReadingSeries } from './price-reading-series.js';
import { PricesService } from './prices.service.js';

/** Token prices, read from the price read models. */
@Module({
  imports: [ChainsModule, ReadCacheModule],
  providers: [PricesService, PriceCandleSeries, PriceReadingSeries],
  exports: [PricesService, PriceCandleSeries, PriceReadingSeries],
})
export class PricesModule {}
