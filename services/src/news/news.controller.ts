import { Controller, Get, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CACHE_CONTROL, replyCached } from '../read-cache/reply-cached.js';
import { NewsService } from './news.service.js';

@Controller('api/news')
export class NewsController {
  constructor(private readonly news: NewsService) {}

  /** Active, unexpired breaking news, most urgent first, content sanitised. */
  @Get()
  async list(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return replyCached(request, reply, await this.news.list(), CACHE_CONTROL.revalidate);
  }
}
