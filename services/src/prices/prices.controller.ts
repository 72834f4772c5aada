import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { PegHealthQuerySchema } from '@xsd/contracts/api/peg';
import { NO_SILVER_DATA_MESSAGE } from '@xsd/contracts/api/prices';
import { PriceHistoryQuerySchema, PublicPricesQuerySchema, SilverHistoryQuerySchema } from '@xsd/contracts/api/prices-query';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../api/api-error.filter.js';
import { parseRequest } from '../api/validation.js';
import { CACHE_CONTROL, replyCached } from '../read-cache/reply-cached.js';
import { PricesService } from './prices.service.js';

// Hot routes: answers come from memory (see HotReadModel) and are sent as cached bytes with an
// ETag, so the body types are those of @xsd/contracts/api/prices, serialised once per change.

@Controller('api/prices')
export class PricesController {
  constructor(private readonly prices: PricesService) {}

  /** LatestPricesResponse. */
  @Get('latest')
  async latest(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return replyCached(request, reply, await this.prices.latest(), CACHE_CONTROL.latest);
  }

  /** PriceHistoryResponse. */
  @Get('history')
  async history(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const answer = await this.prices.history(parseRequest(PriceHistoryQuerySchema, query, 'invalid_query'));
    return replyCached(request, reply, answer, CACHE_CONTROL.history);
  }

  /** PegHealthResponse: XSD's deviation from silver per chain over `days` (beyond the spec). */
  @Get('peg')
  async peg(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const answer = await this.prices.peg(parseRequest(PegHealthQuerySchema, query, 'invalid_query'));
    return replyCached(request, reply, answer, CACHE_CONTROL.history);
  }
}

@Controller('api/silver')
export class SilverController {
  constructor(private readonly prices: PricesService) {}

  /** SilverLatestResponse, or 404 while no silver price was ever read. */
  @Get('latest')
  async latest(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const answer = await this.prices.silverLatest();
    if (answer.value === null) throw new ApiError(404, 'no_silver_data', NO_SILVER_DATA_MESSAGE);
    return replyCached(request, reply, answer, CACHE_CONTROL.latest);
  }

  /** SilverHistoryResponse. */
  @Get('history')
  async history(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const answer = await this.prices.silverHistory(parseRequest(SilverHistoryQuerySchema, query, 'invalid_query'));
    return replyCached(request, reply, answer, CACHE_CONTROL.history);
  }
}

/** The public price API of the developer page: PublicPricesResponse. */
@Controller('api/v1/prices')
export class PublicPricesController {
  constructor(private readonly prices: PricesService) {}

  @Get()
  async list(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const answer = await this.prices.publicPrices(parseRequest(PublicPricesQuerySchema, query, 'invalid_query'));
    return replyCached(request, reply, answer, CACHE_CONTROL.latest);
  }
}
