import { Controller, Get, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CACHE_CONTROL, replyCached } from '../read-cache/reply-cached.js';
import { CalendarService } from './calendar.service.js';

@Controller('api/calendar')
export class CalendarController {
  constructor(private readonly calendar: CalendarService) {}

  /** Active events, earliest start date first, descriptions sanitised. */
  @Get('events')
  async events(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return replyCached(request, reply, await this.calendar.events(), CACHE_CONTROL.revalidate);
  }
}
