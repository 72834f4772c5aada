import { Controller, Get, Query } from '@nestjs/common';
import { ACTIVITY_PERMISSION, ActivityQuerySchema, type ActivityResponse } from '@xsd/contracts/api/admin-activity';
import { parseRequest } from '../http/validation.js';
import { RequirePermission } from '../staff/auth.decorators.js';
import { ActivityService } from './activity.service.js';

/** The activity log (admins and super admins; `xsd activity`). */
@Controller('api/admin/activity')
@RequirePermission(ACTIVITY_PERMISSION)
export class ActivityController {
  constructor(private readonly activity: ActivityService) {}

  @Get()
  list(@Query() query: unknown): Promise<ActivityResponse> {
    return this.activity.list(parseRequest(ActivityQuerySchema, query, 'invalid_activity_query'));
  }
}
