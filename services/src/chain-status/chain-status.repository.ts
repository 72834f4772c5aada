import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../database/schema.js';
import type { ChainSettingsTable } from '../read-models/chain-settings/chain-settings.table.js';

export type ChainSettingRow = Pick<
  Selectable<ChainSettingsTable>,
  'chain_name' | 'is_active' | 'display_name' | 'maintenance_message' | 'updated_at'
>;

/** Reads of chain_settings. */
export class ChainStatusRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Every row staff have written; a chain without one is active under its own name. */
  async all(): Promise<ChainSettingRow[]> {
    return this.db
      .selectFrom('chain_settings')
      .select(['chain_name', 'is_active', 'display_name', 'maintenance_message', 'updated_at'])
      .orderBy('chain_name', 'asc')
      .execute();
  }
}
