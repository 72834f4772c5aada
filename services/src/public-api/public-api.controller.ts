import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CHAIN_NAMES } from '@xsd/contracts';
import { CANDLE_INTERVALS, DEFAULT_CANDLE_INTERVAL, PUBLIC_PRICES_DEFAULT_LIMIT, PUBLIC_PRICES_MAX_LIMIT } from '@xsd/contracts/api/prices';
import { PublicCandlesQuerySchema, PublicPricesQuerySchema } from '@xsd/contracts/api/prices-query';
import { ApiErrorSchema, PublicCandlesResponseSchema, PublicPricesResponseSchema } from '@xsd/contracts/api/public-api-schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { queryParser } from '../http/validation.js';
import { V1_RATE_LIMIT_HEADERS, V1_TOO_MANY_DESCRIPTION } from '../rate-limit/v1-rate-limit.js';
import { CACHE_CONTROL, replyCached } from '../read-cache/reply-cached.js';
import { PublicApiService } from './public-api.service.js';

const ISO_PARAMETER = 'ISO 8601 date (2025-01-31) or instant (2025-01-31T12:00:00Z)';

/** The answers of the two pages for a request's query (400 invalid_query), as this controller and the hot lane in front of it give them. */
export const publicApiPages = (publicApi: PublicApiService) => {
  const pricesQuery = queryParser(PublicPricesQuerySchema);
  const candlesQuery = queryParser(PublicCandlesQuerySchema);
  return {
    prices: (query: unknown) => publicApi.prices(pricesQuery(query)),
    candles: (query: unknown) => publicApi.candles(candlesQuery(query)),
  };
};

/** The public price API of the developer page (/api-access), rate-limited per client (see rate-limit/v1-rate-limit.ts). */
@ApiTags('public API v1')
@ApiResponse({ status: 400, description: 'A query parameter is not valid', standardSchema: ApiErrorSchema })
@ApiResponse({ status: 429, description: V1_TOO_MANY_DESCRIPTION, standardSchema: ApiErrorSchema, headers: V1_RATE_LIMIT_HEADERS })
@Controller('api/v1')
export class PublicApiController {
  private readonly pages: ReturnType<typeof publicApiPages>;

  constructor(publicApi: PublicApiService) {
    this.pages = publicApiPages(publicApi);
  }

  @Get('prices')
  @ApiOperation({ summary: 'Price readings, newest first, each with its provenance' })
  @ApiQuery({ name: 'token', required: false, enum: ['XSD', 'BANKX'], description: 'Token (any case)' })
  @ApiQuery({ name: 'chain', required: false, enum: CHAIN_NAMES, description: 'Network name (any case)' })
  @ApiQuery({ name: 'from', required: false, type: 'string', description: ISO_PARAMETER })
  @ApiQuery({ name: 'to', required: false, type: 'string', description: `${ISO_PARAMETER}; a bare date means the whole day` })
  @ApiQuery({ name: 'limit', required: false, type: 'integer', description: `1 to ${PUBLIC_PRICES_MAX_LIMIT}, default ${PUBLIC_PRICES_DEFAULT_LIMIT}` })
  @ApiOkResponse({ standardSchema: PublicPricesResponseSchema, headers: V1_RATE_LIMIT_HEADERS })
  async list(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return replyCached(request, reply, await this.pages.prices(query), CACHE_CONTROL.latest);
  }

  @Get('candles')
  @ApiOperation({ summary: 'Open, high, low and close per hour or day, oldest first, each close with its provenance' })
  @ApiQuery({ name: 'token', required: true, enum: ['XSD', 'BANKX'], description: 'Token (any case)' })
  @ApiQuery({ name: 'chain', required: true, enum: CHAIN_NAMES, description: 'Network name (any case)' })
  @ApiQuery({ name: 'interval', required: false, enum: CANDLE_INTERVALS, description: `Candle width, default ${DEFAULT_CANDLE_INTERVAL}` })
  @ApiQuery({ name: 'from', required: false, type: 'string', description: `${ISO_PARAMETER}: candles opening at or after it` })
  @ApiQuery({ name: 'to', required: false, type: 'string', description: `${ISO_PARAMETER}: candles opening at or before it` })
  @ApiQuery({ name: 'limit', required: false, type: 'integer', description: `The newest 1 to ${PUBLIC_PRICES_MAX_LIMIT} candles, default ${PUBLIC_PRICES_DEFAULT_LIMIT}` })
  @ApiOkResponse({ standardSchema: PublicCandlesResponseSchema, headers: V1_RATE_LIMIT_HEADERS })
  async candles(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return replyCached(request, reply, await this.pages.candles(query), CACHE_CONTROL.latest);
  }
}
