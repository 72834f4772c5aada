import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { PriceHistoryQuerySchema } from '@xsd/contracts/api/prices-query';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseRequest } from '../http/validation.js';
import { CACHE_CONTROL, replyCached } from '../read-cache/reply-cached.js';
import { PricesService } from './prices.service.js';

// Answers come from memory (see HotReadModel) and are sent as cached bytes with an ETag, so the
// body types are those of @xsd/contracts/api/prices, serialised once per change. The latest
// prices are served by api/cached-public-routes.ts.

@Controller('api/prices')
export class PricesController {
  constructor(private readonly prices: PricesService) {}

  /** PriceHistoryResponse. */
  @Get('history')
  async history(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const answer = await this.prices.history(parseRequest(PriceHistoryQuerySchema, query, 'invalid_query'));
    return replyCached(request, reply, answer, CACHE_CONTROL.history);
  }
}
