import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { PegHealthQuerySchema } from '@xsd/contracts/api/peg';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CHAIN_NAMES } from '@xsd/contracts';
import {
  CANDLE_INTERVALS,
  DEFAULT_CANDLE_INTERVAL,
  NO_SILVER_DATA_MESSAGE,
  PUBLIC_PRICES_DEFAULT_LIMIT,
  PUBLIC_PRICES_MAX_LIMIT,
} from '@xsd/contracts/api/prices';
import {
  PriceHistoryQuerySchema,
  PublicCandlesQuerySchema,
  PublicPricesQuerySchema,
  SilverHistoryQuerySchema,
} from '@xsd/contracts/api/prices-query';
import { ApiErrorSchema, PublicCandlesResponseSchema, PublicPricesResponseSchema } from '@xsd/contracts/api/public-api-schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.filter.js';
import { parseRequest } from '../http/validation.js';
import { V1_RATE_LIMIT_HEADERS, V1_TOO_MANY_DESCRIPTION } from '../http/v1-rate-limit.js';
import { CACHE_CONTROL, replyCached } from '../read-cache/reply-cached.js';
import { PricesService } from './prices.service.js';

// Hot routes: answers come from memory (see HotReadModel) and are sent as cached bytes with an
// ETag, so the body types are those of @xsd/contracts/api/prices, serialised once per change.

const ISO_PARAMETER = 'ISO 8601 date (2025-01-31) or instant (2025-01-31T12:00:00Z)';

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

/** The public price API of the developer page (/api-access), rate-limited per client (see http/v1-rate-limit.ts). */
@ApiTags('public API v1')
@ApiResponse({ status: 400, description: 'A query parameter is not valid', standardSchema: ApiErrorSchema })
@ApiResponse({ status: 429, description: V1_TOO_MANY_DESCRIPTION, standardSchema: ApiErrorSchema, headers: V1_RATE_LIMIT_HEADERS })
@Controller('api/v1')
export class PublicPricesController {
  constructor(private readonly prices: PricesService) {}

  @Get('prices')
  @ApiOperation({ summary: 'Price readings, newest first, each with its provenance' })
  @ApiQuery({ name: 'token', required: false, enum: ['XSD', 'BANKX'], description: 'Token (any case)' })
  @ApiQuery({ name: 'chain', required: false, enum: CHAIN_NAMES, description: 'Network name (any case)' })
  @ApiQuery({ name: 'from', required: false, type: 'string', description: ISO_PARAMETER })
  @ApiQuery({ name: 'to', required: false, type: 'string', description: `${ISO_PARAMETER}; a bare date means the whole day` })
  @ApiQuery({ name: 'limit', required: false, type: 'integer', description: `1 to ${PUBLIC_PRICES_MAX_LIMIT}, default ${PUBLIC_PRICES_DEFAULT_LIMIT}` })
  @ApiOkResponse({ standardSchema: PublicPricesResponseSchema, headers: V1_RATE_LIMIT_HEADERS })
  async list(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const answer = await this.prices.publicPrices(parseRequest(PublicPricesQuerySchema, query, 'invalid_query'));
    return replyCached(request, reply, answer, CACHE_CONTROL.latest);
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
    const answer = await this.prices.publicCandles(parseRequest(PublicCandlesQuerySchema, query, 'invalid_query'));
    return replyCached(request, reply, answer, CACHE_CONTROL.latest);
  }
}
