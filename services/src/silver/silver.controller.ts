import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { SilverHistoryQuerySchema } from '@xsd/contracts/api/prices-query';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseRequest } from '../http/validation.js';
import { CACHE_CONTROL, replyCached } from '../read-cache/reply-cached.js';
import { SilverService } from './silver.service.js';

/** The silver history (the latest silver price is served by api/cached-public-routes.ts). */
@Controller('api/silver')
export class SilverController {
  constructor(private readonly silver: SilverService) {}

  /** SilverHistoryResponse. */
  @Get('history')
  async history(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const answer = await this.silver.history(parseRequest(SilverHistoryQuerySchema, query, 'invalid_query'));
    return replyCached(request, reply, answer, CACHE_CONTROL.history);
  }
}
