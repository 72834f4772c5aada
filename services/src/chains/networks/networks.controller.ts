import { Controller, Get, Header, Inject, Param } from '@nestjs/common';
import type { NetworkConfig } from '@xsd/contracts';
import { toNetworkEntry, type BlockNumberProbe, type NetworksResponse, type TradingAppProbe } from '@xsd/contracts/api/networks';
import { ProbeChainSchema } from '@xsd/contracts/api/networks-query';
import { parseRequest } from '../../http/validation.js';
import { NETWORKS } from '../rpc/chains.module.js';
import { NetworkProbesService } from './network-probes.service.js';

/**
 * The network table of the running profile for the browser (wallet helpers, system check). It
 * never changes while the process runs, so it is built once and needs no read model. Also the
 * system check's probes of what the page's CSP keeps it from reaching itself.
 */
@Controller('api/networks')
export class NetworksController {
  private readonly answer: NetworksResponse;

  constructor(
    @Inject(NETWORKS) networks: readonly NetworkConfig[],
    private readonly probes: NetworkProbesService,
  ) {
    this.answer = { items: networks.map(toNetworkEntry) };
  }

  @Get()
  @Header('cache-control', 'public, max-age=300')
  list(): NetworksResponse {
    return this.answer;
  }

  @Get('trading-app')
  @Header('cache-control', 'no-store')
  tradingApp(): Promise<TradingAppProbe> {
    return this.probes.tradingApp();
  }

  /** 400 for an unknown chain; a chain that does not answer is `reachable: false`, never an error. */
  @Get(':chain/block-number')
  @Header('cache-control', 'no-store')
  blockNumber(@Param('chain') chain: string): Promise<BlockNumberProbe> {
    return this.probes.blockNumber(parseRequest(ProbeChainSchema, chain, 'invalid_chain'));
  }
}
