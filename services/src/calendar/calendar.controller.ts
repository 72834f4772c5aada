import { Controller, Get, Req, Res } from '@nestjs/common';
import { CreateCalendarEventRequestSchema, UpdateCalendarEventRequestSchema } from '@xsd/contracts/api/admin-calendar';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CACHE_CONTROL, replyCached } from '../read-cache/reply-cached.js';
import { staffResourceController } from '../staff/staff-resource.controller.js';
import { CalendarService } from './calendar.service.js';
import { ICALENDAR_CONTENT_TYPE } from './icalendar.js';

@Controller('api')
export class CalendarController {
  constructor(private readonly calendar: CalendarService) {}

  /** `GET /api/calendar.ics` (beyond the spec): the active events as a feed calendar apps subscribe to. */
  @Get('calendar.ics')
  async feed(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return replyCached(request, reply, await this.calendar.feed(), CACHE_CONTROL.revalidate, ICALENDAR_CONTENT_TYPE);
  }
}

/** The Calendar Events tab. */
export class AdminCalendarController extends staffResourceController({
  path: 'api/admin/calendar-events',
  permission: 'calendar',
  service: CalendarService,
  invalid: 'invalid_event',
  create: CreateCalendarEventRequestSchema,
  update: UpdateCalendarEventRequestSchema,
  delete: true,
}) {}
