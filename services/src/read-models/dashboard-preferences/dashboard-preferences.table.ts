import type { JsonObject, JsonValue, NullableJson, TimestampDefault } from '../../database/column-types.js';

export interface UserDashboardPreferencesTable {
  /** A staff id or a visitor id. */
  user_id: string;
  layout: NullableJson<JsonValue[] | JsonObject>;
  widgets: NullableJson<JsonValue[] | JsonObject>;
  theme: string | null;
  updated_at: TimestampDefault;
}
