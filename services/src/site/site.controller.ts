import { Body, Controller, Patch, Put } from '@nestjs/common';
import { UpdateCommunityLinksRequestSchema } from '@xsd/contracts/api/community-links';
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

  /** The Maintenance tab's 'Community Links' section: the shop, chats and social channels. */
  @Patch('links')
  @RequirePermission('chain_settings')
  updateLinks(@CurrentStaff() staff: AuthenticatedStaff, @Body() body: unknown): Promise<SiteSettingsResponse> {
    return this.site.updateLinks(staff, parseRequest(UpdateCommunityLinksRequestSchema, body, 'invalid_community_links'));
  }
}
