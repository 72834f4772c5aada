import { Body, Controller, Put } from '@nestjs/common';
import type { SiteSettingsResponse } from '@xsd/contracts/api/site';
import { UpdateSiteSettingsRequestSchema } from '@xsd/contracts/api/site-update';
import { parseRequest } from '../http/validation.js';
import { CurrentStaff, RequirePermission } from '../staff/auth.decorators.js';
import type { AuthenticatedStaff } from '../staff/staff.types.js';
import { SiteService } from './site.service.js';

/** The Maintenance Mode tab (and `xsd maintenance on|off`). */
@Controller('api/admin/site')
export class AdminSiteController {
  constructor(private readonly site: SiteService) {}

  @Put()
  @RequirePermission('chain_settings')
  update(@CurrentStaff() staff: AuthenticatedStaff, @Body() body: unknown): Promise<SiteSettingsResponse> {
    return this.site.update(staff, parseRequest(UpdateSiteSettingsRequestSchema, body, 'invalid_site_settings'));
  }
}
