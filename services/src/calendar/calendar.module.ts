import { Module } from '@nestjs/common';
import { DATABASE } from '../core/tokens.js';
import type { DatabaseHandle } from '../database/database.js';
import { CalendarController } from './calendar.controller.js';
import { CalendarRepository } from './calendar.repository.js';
import { CalendarService } from './calendar.service.js';

/** The public read of calendar events (staff manage them under /api/admin). */
@Module({
  controllers: [CalendarController],
  providers: [
    CalendarService,
    {
      provide: CalendarRepository,
      inject: [DATABASE],
      useFactory: (database: DatabaseHandle) => new CalendarRepository(database.db),
    },
  ],
})
export class CalendarModule {}
