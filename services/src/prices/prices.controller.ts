import { Controller, Get, Query } from '@nestjs/common';
import type {
  LatestPricesResponse,
  PriceHistoryResponse,
  PublicPricesResponse,
  SilverHistoryResponse,
  SilverLatestResponse,
} from '@xsd/contracts/api/prices';
import { PriceHistoryQuerySchema, PublicPricesQuerySchema, SilverHistoryQuerySchema } from '@xsd/contracts/api/prices-query';
import { parseRequest } from '../api/validation.js';
import { PricesService } from './prices.service.js';

@Controller('api/prices')
export class PricesController {
  constructor(private readonly prices: PricesService) {}

  @Get('latest')
  latest(): Promise<LatestPricesResponse> {
    return this.prices.latest();
  }

  @Get('history')
  history(@Query() query: Record<string, unknown>): Promise<PriceHistoryResponse> {
    return this.prices.history(parseRequest(PriceHistoryQuerySchema, query, 'invalid_query'));
  }
}

@Controller('api/silver')
export class SilverController {
  constructor(private readonly prices: PricesService) {}

  @Get('latest')
  latest(): Promise<SilverLatestResponse> {
    return this.prices.silverLatest();
  }

  @Get('history')
  history(@Query() query: Record<string, unknown>): Promise<SilverHistoryResponse> {
    return this.prices.silverHistory(parseRequest(SilverHistoryQuerySchema, query, 'invalid_query'));
  }
}

/** The public price API of the developer page. */
@Controller('api/v1/prices')
export class PublicPricesController {
  constructor(private readonly prices: PricesService) {}

  @Get()
  list(@Query() query: Record<string, unknown>): Promise<PublicPricesResponse> {
    return this.prices.publicPrices(parseRequest(PublicPricesQuerySchema, query, 'invalid_query'));
  }
}
