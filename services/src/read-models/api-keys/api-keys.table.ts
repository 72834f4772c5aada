import type { ApiKeyPermission } from '@xsd/contracts/api/admin-api-keys';
import type { ColumnType } from 'kysely';
import type { Timestamp, TimestampDefault, UuidDefault } from '../../database/column-types.js';

/** Keys are shown once at creation; only their hash and a short prefix (for display) are kept. */
export interface ApiKeysTable {
  id: UuidDefault;
  name: string;
  key_hash: string;
  key_prefix: string;
  /** At least one; each one of ApiKeyPermission. */
  permissions: ColumnType<ApiKeyPermission[], ApiKeyPermission[], ApiKeyPermission[]>;
  created_by: string | null;
  created_at: TimestampDefault;
  /** Null: never expires. */
  expires_at: Timestamp | null;
  last_used_at: Timestamp | null;
}
