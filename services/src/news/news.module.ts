import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { aggregateHandler } from '../event-sourcing/aggregate-handler.js';
import { breakingNewsProjection } from '../read-models/breaking-news/breaking-news.projection.js';
import { DecideNews } from './news.commands.js';
import { newsDecider } from './news.decider.js';
import { AdminNewsController, NewsController } from './news.controller.js';
import { NewsService } from './news.service.js';

/** Breaking news: the public read, and staff's commands under /api/admin. */
@Module({
  imports: [CqrsModule.forRoot()],
  controllers: [NewsController, AdminNewsController],
  providers: [NewsService, aggregateHandler(DecideNews, { decider: newsDecider, projection: breakingNewsProjection.name })],
})
export class NewsModule {}
