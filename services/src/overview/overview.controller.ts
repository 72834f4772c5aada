import { Controller, Get } from '@nestjs/common';
import type { AdminOverviewResponse } from '@xsd/contracts/api/admin-overview';
import { CurrentStaff, RequireSession } from '../staff/auth.decorators.js';
import type { AuthenticatedStaff } from '../staff/staff.types.js';
import { OverviewService } from './overview.service.js';

/** The Overview tab: every role, each card by its own permission. */
@Controller('api/admin/overview')
export class OverviewController {
  constructor(private readonly overview: OverviewService) {}

  @Get()
  @RequireSession()
  get(@CurrentStaff() staff: AuthenticatedStaff): Promise<AdminOverviewResponse> {
    return this.overview.overview(staff);
  }
}
