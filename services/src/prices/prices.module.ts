import { Module } from '@nestjs/common';
import { ChainsModule } from '../chains/chains.module.js';
import { PricesController, PublicPricesController, SilverController } from './prices.controller.js';
import { PricesService } from './prices.service.js';

/** Token prices, silver and the public price API, read from the price read models. */
@Module({
  imports: [ChainsModule],
  controllers: [PricesController, SilverController, PublicPricesController],
  providers: [PricesService],
  exports: [PricesService],
})
export class PricesModule {}
