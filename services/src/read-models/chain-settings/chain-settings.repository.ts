import { Inject, Injectable } from '@nestjs/common';
import type { Selectable } from 'kysely';
import { DATABASE } from '../../core/injection-tokens.js';
import type { DatabaseHandle, Db } from '../../database/database.js';
import type { ChainSettingsTable } from './chain-settings.table.js';

export type ChainSettingRow = Pick<
  Selectable<ChainSettingsTable>,
  'chain_name' | 'is_active' | 'display_name' | 'maintenance_message' | 'updated_at' | 'updated_by'
>;

/** Reads of chain_settings. */
@Injectable()
export class ChainSettingsRepository {
  private readonly db: Db;

  constructor(@Inject(DATABASE) database: Pick<DatabaseHandle, 'db'>) {
    this.db = database.db;
  }

  /** Every row staff have written; a chain without one is active under its own name. */
  async all(): Promise<ChainSettingRow[]> {
    return this.db
      .selectFrom('chain_settings')
      .select(['chain_name', 'is_active', 'display_name', 'maintenance_message', 'updated_at', 'updated_by'])
      .orderBy('chain_name', 'asc')
      .execute();
  }
}
