import { Module } from '@nestjs/common';
import { ChainsModule } from '../chains/rpc/chains.module.js';
import { ReadCacheModule } from '../read-cache/read-cache.module.js';
import { PegController } from './peg.controller.js';
import { PegService } from './peg.service.js';

/** `GET /api/prices/peg`: XSD against silver per active chain. */
@Module({
  imports: [ChainsModule, ReadCacheModule],
  controllers: [PegController],
  providers: [PegService],
})
export class PegModule {}
