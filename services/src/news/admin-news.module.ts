import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { aggregateHandler } from '../event-sourcing/aggregate-handler.js';
import { breakingNewsProjection } from '../read-models/breaking-news/breaking-news.projection.js';
import { DecideNews } from './news.commands.js';
import { newsDecider } from './news.decider.js';
import { AdminNewsController } from './admin-news.controller.js';
import { AdminNewsService } from './admin-news.service.js';

/** Staff manage breaking news (the public read is NewsModule). */
@Module({
  imports: [CqrsModule.forRoot()],
  controllers: [AdminNewsController],
  providers: [AdminNewsService, aggregateHandler(DecideNews, { decider: newsDecider, projection: breakingNewsProjection.name })],
})
export class AdminNewsModule {}
