import { Module } from '@nestjs/common';
import { AdminCalendarController } from './admin-calendar.controller.js';
import { AdminCalendarService } from './admin-calendar.service.js';

/** Staff manage calendar events (the public read is CalendarModule). */
@Module({
  controllers: [AdminCalendarController],
  providers: [AdminCalendarService],
})
export class AdminCalendarModule {}
