import { Module } from '@nestjs/common';
import { CalendarController, CalendarFeedController } from './calendar.controller.js';
import { CalendarService } from './calendar.service.js';

/** The public read of calendar events (staff manage them under /api/admin). */
@Module({
  controllers: [CalendarController, CalendarFeedController],
  providers: [CalendarService],
})
export class CalendarModule {}
