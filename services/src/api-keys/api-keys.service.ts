import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Actor, apiKeySubject } from '@xsd/contracts';
import { type DeletedResponse, ITEM_ID } from '@xsd/contracts/api/admin-content';
import {
  API_KEY_FORBIDDEN_MESSAGE,
  API_KEY_INVALID_MESSAGE,
  API_KEY_LENGTH,
  API_KEY_NOT_FOUND_MESSAGE,
  type ApiKey,
  type ApiKeyPermission,
  type ApiKeysResponse,
  type CreateApiKeyRequestSchema,
  type CreateApiKeyResponse,
} from '@xsd/contracts/api/admin-api-keys';
import type { z } from 'zod';
import { ApiError } from '../http/api-error.filter.js';
import { CLOCK, type Clock } from '../core/clock.js';
import { DecisionError } from '../event-sourcing/decider.js';
import { ApiKeysRepository, isExpired, toApiKey } from '../read-models/api-keys/api-keys.repository.js';
import { type AuthenticatedStaff, staffActor } from '../staff/staff.types.js';
import { DecideApiKey } from './api-key.commands.js';
import type { ApiKeyCommand } from './api-key.decider.js';
import type { Undated } from '../event-sourcing/aggregate-handler.js';
import { generateApiKey, hashApiKey } from './api-key-secret.js';

/** Why a key was refused: `invalid` (unknown, deleted, expired) is a 401, `forbidden` a 403. */
export class ApiKeyRefusedError extends DecisionError {
  override name = 'ApiKeyRefusedError';
}

/** The API Keys tab, and the check of a key a caller presents (the push sender's x-api-key). */
@Injectable()
export class ApiKeysService {
  constructor(
    private readonly commands: CommandBus,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly keys: ApiKeysRepository,
  ) {}

  async list(): Promise<ApiKeysResponse> {
    const now = this.clock();
    return { items: (await this.keys.all()).map((row) => toApiKey(row, now)) };
  }

  /** Makes the key, keeps its hash, answers the key this once. */
  async create(by: AuthenticatedStaff, request: z.output<typeof CreateApiKeyRequestSchema>): Promise<CreateApiKeyResponse> {
    const keyId = randomUUID();
    const key = generateApiKey();
    const now = this.clock();
    await this.run(staffActor(by), keyId, {
      type: 'CreateApiKey',
      data: { keyId, name: request.name, keyHash: hashApiKey(key), permissions: request.permissions, expiresAt: request.expires_at },
    });
    const row = await this.keys.byId(keyId);
    if (!row) throw notFound();
    return { item: toApiKey(row, now), key };
  }

  async delete(by: AuthenticatedStaff, keyId: string): Promise<DeletedResponse> {
    if (!ITEM_ID.safeParse(keyId).success) throw notFound();
    await this.run(staffActor(by), keyId, { type: 'DeleteApiKey', data: { keyId } });
    return { deleted: keyId };
  }

  /**
   * The key a caller presented, if it exists, has not expired and holds `permission`; its use is
   * recorded (last_used_at, at most once a minute per key). Throws ApiKeyRefusedError otherwise.
   */
  async authenticate(key: string, permission: ApiKeyPermission): Promise<ApiKey> {
    const now = this.clock();
    const row = key.length === API_KEY_LENGTH ? await this.keys.byHash(hashApiKey(key)) : undefined;
    if (!row || isExpired(row, now)) throw new ApiKeyRefusedError('unauthorized', 'invalid_api_key', API_KEY_INVALID_MESSAGE);
    if (!row.permissions.includes(permission)) {
      throw new ApiKeyRefusedError('forbidden', 'api_key_forbidden', API_KEY_FORBIDDEN_MESSAGE);
    }
    await this.run({ kind: 'api_key', id: row.id }, row.id, { type: 'RecordApiKeyUse', data: { keyId: row.id } });
    const used = await this.keys.byId(row.id);
    // Deleted in between: refused like any unknown key.
    if (!used) throw new ApiKeyRefusedError('unauthorized', 'invalid_api_key', API_KEY_INVALID_MESSAGE);
    return toApiKey(used, now);
  }

  private async run(actor: Actor, keyId: string, command: Undated<ApiKeyCommand>): Promise<void> {
    await this.commands.execute(new DecideApiKey(apiKeySubject(keyId), actor, command));
  }
}

const notFound = () => new ApiError(404, 'api_key_not_found', API_KEY_NOT_FOUND_MESSAGE);
