import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { PegHealthQuerySchema } from '@xsd/contracts/api/peg';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseRequest } from '../http/validation.js';
import { CACHE_CONTROL, replyCached } from '../read-cache/reply-cached.js';
import { PegService } from './peg.service.js';

@Controller('api/prices')
export class PegController {
  constructor(private readonly peg: PegService) {}

  /** PegHealthResponse: XSD's deviation from silver per chain over `days` (beyond the spec). */
  @Get('peg')
  async health(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    const answer = await this.peg.peg(parseRequest(PegHealthQuerySchema, query, 'invalid_query'));
    return replyCached(request, reply, answer, CACHE_CONTROL.history);
  }
}
