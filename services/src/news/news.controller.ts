import { Controller, Get, Req, Res } from '@nestjs/common';
import { CreateNewsRequestSchema, UpdateNewsRequestSchema } from '@xsd/contracts/api/admin-news';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CACHE_CONTROL, replyCached } from '../read-cache/reply-cached.js';
import { staffResourceController } from '../staff/staff-resource.controller.js';
import { NewsService } from './news.service.js';

@Controller('api/news')
export class NewsController {
  constructor(private readonly news: NewsService) {}

  /** Active, unexpired breaking news, most urgent first, content sanitised. */
  @Get()
  async list(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return replyCached(request, reply, await this.news.active(), CACHE_CONTROL.revalidate);
  }
}

/** The Breaking News tab. */
export class AdminNewsController extends staffResourceController({
  path: 'api/admin/news',
  permission: 'breaking_news',
  service: NewsService,
  invalid: 'invalid_news',
  create: CreateNewsRequestSchema,
  update: UpdateNewsRequestSchema,
  delete: true,
}) {}
