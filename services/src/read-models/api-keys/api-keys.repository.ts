import { Injectable } from '@nestjs/common';
import type { ApiKey } from '@xsd/contracts/api/admin-api-keys';
import type { Selectable } from 'kysely';
import type { ApiKeysTable } from './api-keys.table.js';
import { DatabaseRepository } from '../database-repository.js';

export type ApiKeyRow = Omit<Selectable<ApiKeysTable>, 'key_hash' | 'key_prefix'>;

const COLUMNS = ['id', 'name', 'permissions', 'created_by', 'created_at', 'expires_at', 'last_used_at'] as const;

export function isExpired(row: Pick<ApiKeyRow, 'expires_at'>, now: Date): boolean {
  return row.expires_at !== null && row.expires_at.getTime() <= now.getTime();
}

/** A key as the API Keys tab shows it, `expired` judged at `now`. */
export function toApiKey(row: ApiKeyRow, now: Date): ApiKey {
  return {
    id: row.id,
    name: row.name,
    permissions: row.permissions,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at?.toISOString() ?? null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
    expired: isExpired(row, now),
  };
}

/** Reads of api_keys. The hash is only ever compared, never answered. */
@Injectable()
export class ApiKeysRepository extends DatabaseRepository {
  /** The API Keys tab: newest first. */
  async all(): Promise<ApiKeyRow[]> {
    return this.db.selectFrom('api_keys').select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  }

  async byId(id: string): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom('api_keys').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /** The key whose SHA-256 this is, whatever its state; the caller checks expiry and permissions. */
  async byHash(keyHash: string): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom('api_keys').select(COLUMNS).where('key_hash', '=', keyHash).executeTakeFirst();
  }
}
