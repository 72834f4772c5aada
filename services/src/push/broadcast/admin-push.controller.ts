import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { NewsPushResponse, PushStatusResponse } from '@xsd/contracts/api/push';
import { CurrentStaff, RequirePermission } from '../../staff/auth.decorators.js';
import type { AuthenticatedStaff } from '../../staff/staff.types.js';
import { NewsPushService } from './news-push.service.js';
import { PushStatusService } from '../status/push-status.service.js';

/** The staff side of push: the Breaking News tab's send action and the push figures. */
@Controller('api/admin')
export class AdminPushController {
  constructor(
    private readonly news: NewsPushService,
    private readonly status: PushStatusService,
  ) {}

  /** The same permission as every other Breaking News route. */
  @Post('news/:id/push')
  @HttpCode(200)
  @RequirePermission('breaking_news')
  push(@CurrentStaff() staff: AuthenticatedStaff, @Param('id') id: string): Promise<NewsPushResponse> {
    return this.news.push(staff, id);
  }

  /**
   * Subscription, rule and delivery counts are figures about visitors, like the Analytics tab's:
   * the analytics permission (admins and super admins) fits them; no role table entry is about push.
   */
  @Get('push')
  @RequirePermission('analytics')
  pushStatus(): Promise<PushStatusResponse> {
    return this.status.status();
  }
}
