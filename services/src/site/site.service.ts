import { Injectable, Logger } from '@nestjs/common';
import { SITE_LINKS_SUBJECT, SITE_MAINTENANCE_SUBJECT } from '@xsd/contracts';
import { CommandBus } from '@nestjs/cqrs';
import type { SiteSettings } from '@xsd/contracts/api/site';
import type { UpdateSiteSettingsRequestSchema } from '@xsd/contracts/api/site-update';
import type { z } from 'zod';
import { ProjectionProgress } from '../core/projection-progress.js';
import type { CachedJson } from '../read-cache/cached-json.js';
import { HotReadModel } from '../read-cache/hot-read-model.js';
import type { Awaitable } from '../read-cache/hot-value.js';
import { SiteSettingsRepository } from '../read-models/site-settings/site-settings.repository.js';
import { type AuthenticatedStaff, staffActor } from '../staff/staff.types.js';
import type { UpdateCommunityLinksRequestSchema } from '@xsd/contracts/api/community-links';
import { CommunityLinksRepository } from '../read-models/community-links/community-links.repository.js';
import { DecideCommunityLinks, DecideMaintenance } from './maintenance.commands.js';
import { MaintenanceChanges } from './maintenance-changes.js';

/** Read again at least this often; maintenance ends by an event (the scheduler), so this is a safety net. */
const SITE_MAX_AGE_MS = 60_000;

/** The site settings (maintenance, community links): read by everyone, changed by staff with chain_settings. */
@Injectable()
export class SiteService {
  private readonly logger = new Logger('Maintenance');
  private readonly answer: HotReadModel<SiteSettings>;

  constructor(
    private readonly commands: CommandBus,
    private readonly settings: SiteSettingsRepository,
    private readonly links: CommunityLinksRepository,
    private readonly changes: MaintenanceChanges,
    progress: ProjectionProgress,
  ) {
    this.answer = new HotReadModel(progress, {
      tables: ['site_settings', 'community_links'],
      maxAgeMs: SITE_MAX_AGE_MS,
      load: () => this.read(),
    });
  }

  private async read(): Promise<SiteSettings> {
    const [settings, links] = await Promise.all([this.settings.current(), this.links.current()]);
    return { ...settings, community_links: links };
  }

  /** Held in memory; never older than a change a command reported done. */
  current(): Awaitable<CachedJson<SiteSettings>> {
    return this.answer.get();
  }

  /** `request` as the controller parsed it with the contracts' schema. Answers the settings as GET /api/site now shows them. */
  async update(by: AuthenticatedStaff, request: z.output<typeof UpdateSiteSettingsRequestSchema>): Promise<SiteSettings> {
    const { events } = await this.commands.execute(
      new DecideMaintenance(SITE_MAINTENANCE_SUBJECT, staffActor(by), {
        type: 'SetMaintenance',
        data: {
          on: request.maintenance_mode,
          title: request.maintenance_title,
          message: request.maintenance_message,
          expectedUpTime: request.expected_up_time,
        },
      }),
    );
    for (const event of events) this.logger.log(`${event.type} by account ${by.id}`);
    if (events.length > 0) this.changes.changed();
    return this.read();
  }

  /** Answers the settings as GET /api/site now shows them, the new links included. */
  async updateLinks(by: AuthenticatedStaff, request: z.output<typeof UpdateCommunityLinksRequestSchema>): Promise<SiteSettings> {
    const { events } = await this.commands.execute(
      new DecideCommunityLinks(SITE_LINKS_SUBJECT, staffActor(by), { type: 'SetCommunityLinks', data: { links: request } }),
    );
    if (events.length > 0) this.logger.log(`community links changed (${Object.keys(request).join(', ')}) by account ${by.id}`);
    return this.read();
  }
}
