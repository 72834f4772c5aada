import { Controller, Get, Param } from '@nestjs/common';
import type { WalletScanResponse } from '@xsd/contracts/api/wallets';
import { WalletAddressSchema } from '@xsd/contracts/api/wallets-query';
import { parseRequest } from '../http/validation.js';
import { WalletsService } from './wallets.service.js';

@Controller('api/wallets')
export class WalletsController {
  constructor(private readonly wallets: WalletsService) {}

  /** 400 for an invalid address, before any chain is called. */
  @Get(':address')
  scan(@Param('address') address: string): Promise<WalletScanResponse> {
    return this.wallets.scan(parseRequest(WalletAddressSchema, address, 'invalid_address'));
  }
}
