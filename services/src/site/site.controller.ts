import { Body, Controller, Get, Header, Put } from '@nestjs/common';
import type { SiteSettingsResponse } from '@xsd/contracts/api/site';
import { CurrentStaff, RequirePermission } from '../staff/auth.decorators.js';
import type { AuthenticatedStaff } from '../staff/staff.types.js';
import { SiteService } from './site.service.js';

/** Public: every path of the web app checks it for the maintenance screen. */
@Controller('api/site')
export class SiteController {
  constructor(private readonly site: SiteService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  get(): Promise<SiteSettingsResponse> {
    return this.site.current();
  }
}

/** The Maintenance Mode tab (and `xsd maintenance on|off`). */
@Controller('api/admin/site')
export class AdminSiteController {
  constructor(private readonly site: SiteService) {}

  @Put()
  @RequirePermission('chain_settings')
  update(@CurrentStaff() staff: AuthenticatedStaff, @Body() body: unknown): Promise<SiteSettingsResponse> {
    return this.site.update(staff, body);
  }
}
