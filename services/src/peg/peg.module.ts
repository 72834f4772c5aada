import { Module } from '@nestjs/common';
import { ChainsModule } from '../chains/rpc/chains.module.js';
import { PricesModule } from '../prices/prices.module.js';
import { ReadCacheModule } from '../read-cache/read-cache.module.js';
import { PegController } from './peg.controller.js';
import { PegService } from './peg.service.js';

/** `GET /api/prices/peg`: XSD against silver per active chain. */
@Module({
  imports: [ChainsModule, ReadCacheModule, PricesModule],
  controllers: [PegController],
  providers: [PegService],
})
export class PegModule {}
