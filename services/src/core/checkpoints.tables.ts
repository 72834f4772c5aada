import type { JsonValue, NullableJson, TimestampDefault, UuidDefault } from '../database/column-types.js';

/** The last event sequence each projection has applied, written with its rows. */
export interface ProjectionCheckpointsTable {
  name: string;
  sequence: number;
  updated_at: TimestampDefault;
}

/** Events a consumer gave up on after its maximum deliveries. */
export interface DeadLettersTable {
  id: UuidDefault;
  consumer: string;
  sequence: number;
  /** Text, not uuid: an event that failed to parse may carry any id, or none. */
  event_id: string | null;
  event: NullableJson<JsonValue>;
  error: string;
  created_at: TimestampDefault;
}
