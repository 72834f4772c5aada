import { Body, Controller, Get, Put, Req, Res } from '@nestjs/common';
import type { SiteSettingsResponse } from '@xsd/contracts/api/site';
import { UpdateSiteSettingsRequestSchema } from '@xsd/contracts/api/site-update';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseRequest } from '../http/validation.js';
import { CACHE_CONTROL, replyCached } from '../read-cache/reply-cached.js';
import { CurrentStaff, RequirePermission } from '../staff/auth.decorators.js';
import type { AuthenticatedStaff } from '../staff/staff.types.js';
import { SiteService } from './site.service.js';

/** Public: every path of the web app checks it for the maintenance screen. */
@Controller('api/site')
export class SiteController {
  constructor(private readonly site: SiteService) {}

  /** SiteSettingsResponse, never stored by the browser, so a change shows at once. */
  @Get()
  async get(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return replyCached(request, reply, await this.site.current(), CACHE_CONTROL.never);
  }
}

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
