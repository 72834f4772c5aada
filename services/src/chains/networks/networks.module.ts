import { Module } from '@nestjs/common';
import { ChainsModule } from '../rpc/chains.module.js';
import { NetworkProbesService } from './network-probes.service.js';
import { NetworksController } from './networks.controller.js';

/** `GET /api/networks`: the running profile's network table, and the system check's probes. */
@Module({
  imports: [ChainsModule],
  controllers: [NetworksController],
  providers: [NetworkProbesService],
})
export class NetworksModule {}
