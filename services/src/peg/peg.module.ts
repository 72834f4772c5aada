import { Module } from '@nestjs/common';
import { ChainsModule } from '../chains/rpc/chains.module.js';
import { PricesModule } from '../prices/prices.module.js';
import { ReadCacheModule } from '../read-cache/read-cache.module.js';
import { SilverModule } from '../silver/silver.module.js';
import { PegService } from './peg.service.js';

/** XSD against silver per active chain, for `GET /api/prices/peg` (api/cached-public-routes.ts). */
@Module({
  imports: [ChainsModule, ReadCacheModule, PricesModule, SilverModule],
  providers: [PegService],
})
export class PegModule {}
