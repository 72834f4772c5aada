import { Module } from '@nestjs/common';
import { ChainsModule } from '../chains/rpc/chains.module.js';
import { WalletsController } from './wallets.controller.js';
import { WalletsService } from './wallets.service.js';

@Module({
  imports: [ChainsModule],
  controllers: [WalletsController],
  providers: [WalletsService],
})
export class WalletsModule {}
