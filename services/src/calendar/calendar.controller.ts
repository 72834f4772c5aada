import { Controller, Get, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CACHE_CONTROL, replyCached } from '../read-cache/reply-cached.js';
import { CalendarService } from './calendar.service.js';
import { ICALENDAR_CONTENT_TYPE } from './icalendar.js';

@Controller('api/calendar')
export class CalendarController {
  constructor(private readonly calendar: CalendarService) {}

  /** Active events, earliest start date first, descriptions sanitised. */
  @Get('events')
  async events(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return replyCached(request, reply, await this.calendar.events(), CACHE_CONTROL.revalidate);
  }
}

/** `GET /api/calendar.ics` (beyond the spec): the active events as a feed calendar apps subscribe to. */
@Controller('api')
export class CalendarFeedController {
  constructor(private readonly calendar: CalendarService) {}

  @Get('calendar.ics')
  async feed(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return replyCached(request, reply, await this.calendar.feed(), CACHE_CONTROL.revalidate, ICALENDAR_CONTENT_TYPE);
  }
}
