import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '../core/clock.js';
import { DATABASE } from '../core/tokens.js';
import type { DatabaseHandle } from '../database/database.js';
import { NewsController } from './news.controller.js';
import { NewsRepository } from './news.repository.js';
import { NewsService } from './news.service.js';

/** The public read of breaking news (staff manage it under /api/admin). */
@Module({
  controllers: [NewsController],
  providers: [
    NewsService,
    { provide: NewsRepository, inject: [DATABASE], useFactory: (database: DatabaseHandle) => new NewsRepository(database.db) },
    { provide: CLOCK, useValue: systemClock },
  ],
})
export class NewsModule {}
