import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { aggregateHandler } from '../event-sourcing/aggregate-handler.js';
import { breakingNewsProjection } from '../read-models/breaking-news/breaking-news.projection.js';
import { DecideNews } from './news.commands.js';
import { newsDecider } from './news.decider.js';
import { AdminNewsController } from './news.controller.js';
import { NewsService } from './news.service.js';

/** Breaking news: the public read (served by api/cached-public-routes.ts), and staff's commands under /api/admin. */
@Module({
  imports: [CqrsModule.forRoot()],
  controllers: [AdminNewsController],
  providers: [NewsService, aggregateHandler(DecideNews, { decider: newsDecider, projection: breakingNewsProjection.name })],
})
export class NewsModule {}
