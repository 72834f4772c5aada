import type { ActivityTargetKind } from '@xsd/contracts/api/admin-activity';
import type { ColumnType } from 'kysely';
import type { NullableJson, Timestamp } from '../../database/column-types.js';

type JsonRecord = Record<string, unknown>;

/** One staff or system action, written by the activity projection only. */
export interface ActivityLogTable {
  /** The event's stream sequence (bigint, read as a number). */
  sequence: ColumnType<number, number, never>;
  event_id: string;
  /** The event type. */
  action: string;
  occurred_at: Timestamp;
  actor_kind: 'staff' | 'system' | 'api_key' | 'visitor';
  actor_id: string | null;
  actor_email: string | null;
  target_kind: ActivityTargetKind;
  target_id: string;
  target_label: string | null;
  before: NullableJson<JsonRecord>;
  after: NullableJson<JsonRecord>;
}
