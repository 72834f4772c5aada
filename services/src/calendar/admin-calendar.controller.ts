import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import type { DeletedResponse } from '@xsd/contracts/api/admin-content';
import {
  type AdminCalendarEventResponse,
  type AdminCalendarEventsResponse,
  CreateCalendarEventRequestSchema,
  UpdateCalendarEventRequestSchema,
} from '@xsd/contracts/api/admin-calendar';
import { parseRequest } from '../http/validation.js';
import { CurrentStaff, RequirePermission } from '../staff/auth.decorators.js';
import type { AuthenticatedStaff } from '../staff/staff.types.js';
import { AdminCalendarService } from './admin-calendar.service.js';

/** The Calendar Events tab. */
@Controller('api/admin/calendar-events')
@RequirePermission('calendar')
export class AdminCalendarController {
  constructor(private readonly calendar: AdminCalendarService) {}

  @Get()
  list(): Promise<AdminCalendarEventsResponse> {
    return this.calendar.list();
  }

  @Post()
  @HttpCode(201)
  create(@CurrentStaff() staff: AuthenticatedStaff, @Body() body: unknown): Promise<AdminCalendarEventResponse> {
    return this.calendar.create(staff, parseRequest(CreateCalendarEventRequestSchema, body, 'invalid_event'));
  }

  @Patch(':id')
  update(@CurrentStaff() staff: AuthenticatedStaff, @Param('id') id: string, @Body() body: unknown): Promise<AdminCalendarEventResponse> {
    return this.calendar.update(staff, id, parseRequest(UpdateCalendarEventRequestSchema, body, 'invalid_event'));
  }

  @Delete(':id')
  delete(@CurrentStaff() staff: AuthenticatedStaff, @Param('id') id: string): Promise<DeletedResponse> {
    return this.calendar.delete(staff, id);
  }
}
