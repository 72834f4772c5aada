import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { aggregateHandler } from '../event-sourcing/aggregate-handler.js';
import { calendarEventsProjection } from '../read-models/calendar-events/calendar-events.projection.js';
import { DecideCalendarEvent } from './calendar-event.commands.js';
import { calendarEventDecider } from './calendar-event.decider.js';
import { AdminCalendarController, CalendarController } from './calendar.controller.js';
import { CalendarService } from './calendar.service.js';

/** Calendar events: the public calendar and feed, and staff's commands under /api/admin. */
@Module({
  imports: [CqrsModule.forRoot()],
  controllers: [CalendarController, AdminCalendarController],
  providers: [
    CalendarService,
    aggregateHandler(DecideCalendarEvent, { decider: calendarEventDecider, projection: calendarEventsProjection.name }),
  ],
})
export class CalendarModule {}
