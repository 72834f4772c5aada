import { Module } from '@nestjs/common';
import { ChainsModule } from '../chains/chains.module.js';
import { NetworksController } from './networks.controller.js';

/** `GET /api/networks`: the running profile's network table, read-only. */
@Module({
  imports: [ChainsModule],
  controllers: [NetworksController],
})
export class NetworksModule {}
