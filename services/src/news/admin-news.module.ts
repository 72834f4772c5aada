import { Module } from '@nestjs/common';
import { AdminNewsController } from './admin-news.controller.js';
import { AdminNewsService } from './admin-news.service.js';

/** Staff manage breaking news (the public read is NewsModule). */
@Module({
  controllers: [AdminNewsController],
  providers: [AdminNewsService],
})
export class AdminNewsModule {}
