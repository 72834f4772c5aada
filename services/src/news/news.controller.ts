import { Controller, Get } from '@nestjs/common';
import type { NewsListResponse } from '@xsd/contracts/api/news';
import { NewsService } from './news.service.js';

@Controller('api/news')
export class NewsController {
  constructor(private readonly news: NewsService) {}

  /** Active, unexpired breaking news, most urgent first, content sanitised. */
  @Get()
  list(): Promise<NewsListResponse> {
    return this.news.list();
  }
}
