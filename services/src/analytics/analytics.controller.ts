import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { AnalyticsBeaconSchema, type AnalyticsResponse, AnalyticsQuerySchema } from '@xsd/contracts/api/analytics';
import { parseRequest } from '../http/validation.js';
import { OptionalSession, RequirePermission } from '../staff/auth.decorators.js';
import type { StaffRequest } from '../staff/staff.types.js';
import { AnalyticsService } from './analytics.service.js';

const header = (request: StaffRequest, name: string): string | null => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
};

/**
 * POST /api/analytics: the public beacon, answered 202 at once; the visit is appended in a batch,
 * or dropped over the per-visitor and per-client limits (see BeaconLimits) with the same answer.
 */
@Controller('api/analytics')
export class AnalyticsBeaconController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Post()
  @HttpCode(202)
  @OptionalSession()
  record(@Body() body: unknown, @Req() request: StaffRequest): void {
    const beacon = parseRequest(AnalyticsBeaconSchema, body, 'invalid_analytics');
    const optedOut = header(request, 'dnt') === '1' || header(request, 'sec-gpc') === '1';
    this.analytics.record(beacon, {
      userAgent: header(request, 'user-agent'),
      client: request.ip,
      // The guard set `staff` when the request carries a live session: staff visits are not counted.
      excluded: optedOut || request.staff !== undefined,
    });
  }
}

/** GET /api/admin/analytics?days=7|30|90|365: the Analytics tab. */
@Controller('api/admin/analytics')
export class AdminAnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Get()
  @RequirePermission('analytics')
  get(@Query() query: unknown): Promise<AnalyticsResponse> {
    const { days } = parseRequest(AnalyticsQuerySchema, query, 'invalid_query');
    return this.analytics.statistics(days);
  }
}
