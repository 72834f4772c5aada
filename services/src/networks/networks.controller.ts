import { Controller, Get, Header, Inject } from '@nestjs/common';
import type { NetworkConfig } from '@xsd/contracts';
import { toNetworkEntry, type NetworksResponse } from '@xsd/contracts/api/networks';
import { NETWORKS } from '../chains/chains.module.js';

/**
 * The network table of the running profile for the browser (wallet helpers, system check). It
 * never changes while the process runs, so it is built once and needs no read model.
 */
@Controller('api/networks')
export class NetworksController {
  private readonly answer: NetworksResponse;

  constructor(@Inject(NETWORKS) networks: readonly NetworkConfig[]) {
    this.answer = { items: networks.map(toNetworkEntry) };
  }

  @Get()
  @Header('cache-control', 'public, max-age=300')
  list(): NetworksResponse {
    return this.answer;
  }
}
