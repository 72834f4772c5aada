import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { SiteSettings } from '@xsd/contracts/api/site';
import { UpdateSiteSettingsRequestSchema } from '@xsd/contracts/api/site-update';
import { parseRequest } from '../api/validation.js';
import { SiteSettingsRepository } from '../read-models/site-settings/site-settings.repository.js';
import type { AuthenticatedStaff } from '../staff/staff.types.js';
import { SetMaintenanceCommand } from './maintenance.commands.js';

/** The site settings (maintenance): read by everyone, changed by staff with chain_settings. */
@Injectable()
export class SiteService {
  constructor(
    private readonly commands: CommandBus,
    private readonly settings: SiteSettingsRepository,
  ) {}

  current(): Promise<SiteSettings> {
    return this.settings.current();
  }

  update(by: AuthenticatedStaff, body: unknown): Promise<SiteSettings> {
    const request = parseRequest(UpdateSiteSettingsRequestSchema, body, 'invalid_site_settings');
    return this.commands.execute(
      new SetMaintenanceCommand(
        {
          on: request.maintenance_mode,
          title: request.maintenance_title,
          message: request.maintenance_message,
          expectedUpTime: request.expected_up_time,
        },
        by,
      ),
    );
  }
}
