import { Injectable } from '@nestjs/common';
import type { Selectable } from 'kysely';
import type { ChainSettingsTable } from './chain-settings.table.js';
import { DatabaseRepository } from '../database-repository.js';

export type ChainSettingRow = Pick<
  Selectable<ChainSettingsTable>,
  'chain_name' | 'is_active' | 'display_name' | 'maintenance_message' | 'updated_at' | 'updated_by'
>;

/** Reads of chain_settings. */
@Injectable()
export class ChainSettingsRepository extends DatabaseRepository {
  /** Every row staff have written; a chain without one is active under its own name. */
  async all(): Promise<ChainSettingRow[]> {
    return this.db
      .selectFrom('chain_settings')
      .select(['chain_name', 'is_active', 'display_name', 'maintenance_message', 'updated_at', 'updated_by'])
      .orderBy('chain_name', 'asc')
      .execute();
  }
}
