import { Injectable } from '@nestjs/common';
import type { SiteSettings } from '@xsd/contracts/api/site';
import { DEFAULT_SITE_SETTINGS } from '@xsd/contracts/api/site';
import { DatabaseRepository } from '../database-repository.js';

/** The spec's rule: the newest site_settings row is the one in force. */
@Injectable()
export class SiteSettingsRepository extends DatabaseRepository {
  async current(): Promise<SiteSettings> {
    const row = await this.db
      .selectFrom('site_settings')
      .select(['maintenance_mode', 'maintenance_title', 'maintenance_message', 'expected_up_time', 'updated_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return DEFAULT_SITE_SETTINGS;
    return {
      maintenance_mode: row.maintenance_mode,
      maintenance_title: row.maintenance_title,
      maintenance_message: row.maintenance_message,
      expected_up_time: row.expected_up_time?.toISOString() ?? null,
      updated_at: row.updated_at.toISOString(),
    };
  }
}
