import type { Default, TimestampDefault } from '../../database/column-types.js';

/**
 * One row per chain; no row means active with the default name.
 * Staff will set it (as events, through a projection); until then nothing writes it.
 */
export interface ChainSettingsTable {
  chain_name: string;
  is_active: Default<boolean>;
  display_name: string | null;
  maintenance_message: string | null;
  updated_at: TimestampDefault;
  updated_by: string | null;
}
