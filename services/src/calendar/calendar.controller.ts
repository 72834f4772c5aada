import { Controller, Get } from '@nestjs/common';
import type { CalendarEventsResponse } from '@xsd/contracts/api/calendar';
import { CalendarService } from './calendar.service.js';

@Controller('api/calendar')
export class CalendarController {
  constructor(private readonly calendar: CalendarService) {}

  /** Active events, earliest start date first, descriptions sanitised. */
  @Get('events')
  events(): Promise<CalendarEventsResponse> {
    return this.calendar.events();
  }
}
