import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { NO_SILVER_DATA_MESSAGE } from '@xsd/contracts/api/prices';
import { SilverHistoryQuerySchema } from '@xsd/contracts/api/prices-query';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.filter.js';
import { parseRequest } from '../http/validation.js';
import { CACHE_CONTROL, replyCached } from '../read-cache/reply-cached.js';
import { SilverService } from './silver.service.js';

@Controller('api/silver')
export class SilverController {
  constructor(private readonly silver: SilverService) {}

  /** SilverLatestResponse, or 404 while no silver price was ever read. */
  @Get('latest')
  async latest(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const answer = await this.silver.latest();
    if (answer.value === null) throw new ApiError(404, 'no_silver_data', NO_SILVER_DATA_MESSAGE);
    return replyCached(request, reply, answer, CACHE_CONTROL.latest);
  }

  /** SilverHistoryResponse. */
  @Get('history')
  async history(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const answer = await this.silver.history(parseRequest(SilverHistoryQuerySchema, query, 'invalid_query'));
    return replyCached(request, reply, answer, CACHE_CONTROL.history);
  }
}
