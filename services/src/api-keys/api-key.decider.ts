import type { ApiKeyPermission } from '@xsd/contracts/api/admin-api-keys';
import { API_KEY_EXPIRES_IN_PAST_MESSAGE, API_KEY_NOT_FOUND_MESSAGE } from '@xsd/contracts/api/admin-api-keys';
import { type DecidedEvent, type Decider, DecisionError, unreachable } from '../event-sourcing/decider.js';

/** A key's use is recorded at most this often, so a busy sender does not flood the log. */
export const API_KEY_USE_RECORD_INTERVAL_MS = 60_000;

/** One API key, stored on `xsd.api-key.<id>`. */
export type ApiKeyState =
  | { readonly status: 'none' }
  | {
      readonly status: 'active';
      readonly name: string;
      readonly permissions: readonly ApiKeyPermission[];
      readonly expiresAt: string | null;
      readonly lastUsedAt: string | null;
    }
  | { readonly status: 'deleted' };

export type ApiKeyEvent = DecidedEvent<'api-key.created' | 'api-key.deleted' | 'api-key.used'>;

/** The key itself never comes here: only its SHA-256. */
export interface CreateApiKey {
  readonly type: 'CreateApiKey';
  readonly data: {
    readonly keyId: string;
    readonly name: string;
    readonly keyHash: string;
    readonly permissions: readonly ApiKeyPermission[];
    readonly expiresAt: string | null;
  };
  readonly metadata: { readonly now: Date };
}

export interface DeleteApiKey {
  readonly type: 'DeleteApiKey';
  readonly data: { readonly keyId: string };
}

export interface RecordApiKeyUse {
  readonly type: 'RecordApiKeyUse';
  readonly data: { readonly keyId: string };
  readonly metadata: { readonly now: Date };
}

export type ApiKeyCommand = CreateApiKey | DeleteApiKey | RecordApiKeyUse;

export const initialApiKeyState: ApiKeyState = { status: 'none' };

export const apiKeyDecider: Decider<ApiKeyCommand, ApiKeyEvent, ApiKeyState> = {
  initialState: initialApiKeyState,

  decide(command, state) {
    switch (command.type) {
      case 'CreateApiKey': {
        if (state.status !== 'none') throw new DecisionError('conflict', 'api_key_exists', 'This API key already exists');
        const { expiresAt } = command.data;
        if (expiresAt !== null && Date.parse(expiresAt) <= command.metadata.now.getTime()) {
          throw new DecisionError('invalid', 'expires_at_in_past', API_KEY_EXPIRES_IN_PAST_MESSAGE);
        }
        return [{ type: 'api-key.created', data: { ...command.data, permissions: [...command.data.permissions] } }];
      }
      case 'DeleteApiKey':
        if (state.status !== 'active') throw new DecisionError('not_found', 'api_key_not_found', API_KEY_NOT_FOUND_MESSAGE);
        return [{ type: 'api-key.deleted', data: { keyId: command.data.keyId, name: state.name } }];
      case 'RecordApiKeyUse': {
        if (state.status !== 'active') return [];
        const now = command.metadata.now.getTime();
        if (state.lastUsedAt !== null && now - Date.parse(state.lastUsedAt) < API_KEY_USE_RECORD_INTERVAL_MS) return [];
        return [{ type: 'api-key.used', data: { keyId: command.data.keyId, usedAt: command.metadata.now.toISOString() } }];
      }
      default:
        return unreachable(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'api-key.created':
        return {
          status: 'active',
          name: event.data.name,
          permissions: event.data.permissions,
          expiresAt: event.data.expiresAt,
          lastUsedAt: null,
        };
      case 'api-key.deleted':
        return { status: 'deleted' };
      case 'api-key.used':
        return state.status === 'active' ? { ...state, lastUsedAt: event.data.usedAt } : state;
      default:
        return unreachable(event);
    }
  },
};
