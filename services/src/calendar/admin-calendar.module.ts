import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { aggregateHandler } from '../event-sourcing/aggregate-handler.js';
import { calendarEventsProjection } from '../read-models/calendar-events/calendar-events.projection.js';
import { DecideCalendarEvent } from './calendar-event.commands.js';
import { calendarEventDecider } from './calendar-event.decider.js';
import { AdminCalendarController } from './admin-calendar.controller.js';
import { AdminCalendarService } from './admin-calendar.service.js';

/** Staff manage calendar events (the public read is CalendarModule). */
@Module({
  imports: [CqrsModule.forRoot()],
  controllers: [AdminCalendarController],
  providers: [
    AdminCalendarService,
    aggregateHandler(DecideCalendarEvent, { decider: calendarEventDecider, projection: calendarEventsProjection.name }),
  ],
})
export class AdminCalendarModule {}
