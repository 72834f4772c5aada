import { Controller, Get } from '@nestjs/common';
import type { ChainsResponse } from '@xsd/contracts/api/chains';
import { ChainStatusService } from './chain-status.service.js';

@Controller('api/chains')
export class ChainStatusController {
  constructor(private readonly chains: ChainStatusService) {}

  /** All eight networks in display order, with status, display name and maintenance message. */
  @Get()
  list(): Promise<ChainsResponse> {
    return this.chains.list();
  }
}
