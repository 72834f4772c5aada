import { Controller, Get, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CACHE_CONTROL, replyCached } from '../../read-cache/reply-cached.js';
import { ChainStatusService } from './chain-status.service.js';

@Controller('api/chains')
export class ChainStatusController {
  constructor(private readonly chains: ChainStatusService) {}

  /** All eight networks in display order, with status, display name and maintenance message. */
  @Get()
  async list(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return replyCached(request, reply, await this.chains.list(), CACHE_CONTROL.revalidate);
  }
}
