import { Module } from '@nestjs/common';
import { NewsController } from './news.controller.js';
import { NewsService } from './news.service.js';

/** The public read of breaking news (staff manage it under /api/admin). */
@Module({
  controllers: [NewsController],
  providers: [NewsService],
})
export class NewsModule {}
