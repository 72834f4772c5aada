import { Readable } from 'node:stream';
import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import {
  EVENT_EXPORT_CONTENT_TYPE,
  EVENT_EXPORT_PERMISSION,
  EVENT_EXPORT_THROUGH_HEADER,
  EventExportQuerySchema,
} from '@xsd/contracts/api/event-export';
import type { FastifyReply } from 'fastify';
import { EVENT_LOG } from '../core/injection-tokens.js';
import type { EventLog } from '../event-log/event-log.js';
import { ApiError } from '../http/api-error.filter.js';
import { parseRequest } from '../http/validation.js';
import { RequirePermission } from '../staff/auth.decorators.js';
import { PHOTO_STORE, type PhotoStore } from '../uploads/photo-store.js';
import { exportEvents } from './event-export.js';

/** The backup of the event log (`xsd events export`): super admins only, streamed. */
@Controller('api/admin/events')
@RequirePermission(EVENT_EXPORT_PERMISSION)
export class EventExportController {
  constructor(
    @Inject(EVENT_LOG) private readonly log: EventLog,
    @Inject(PHOTO_STORE) private readonly photos: PhotoStore,
  ) {}

  @Get('export')
  async export(@Query() query: unknown, @Res() reply: FastifyReply): Promise<void> {
    const { since } = parseRequest(EventExportQuerySchema, query, 'invalid_export_query');
    const through = await this.log.lastSequence();
    // since = head + 1 is the resume of an export that took everything: empty, not an error.
    if (since > through + 1) {
      throw new ApiError(400, 'invalid_export_query', `since ${since} is past the end of the event log (its last event is ${through})`);
    }
    // Readable.from pulls the next page only when the socket has taken the previous one.
    await reply
      .header('content-type', EVENT_EXPORT_CONTENT_TYPE)
      .header('cache-control', 'no-store')
      .header(EVENT_EXPORT_THROUGH_HEADER, String(through))
      .send(Readable.from(exportEvents(this.log, this.photos, since, through), { objectMode: false }));
  }
}
