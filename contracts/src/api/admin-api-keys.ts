/**
 * `/api/admin/api-keys[/:id]` (permission `api_keys`): the API Keys tab. The key is made on the
 * server, answered once by POST (201) and stored only as its SHA-256; lists show it masked.
 */
import { z } from 'zod';

export const API_KEY_LENGTH = 48;
export const API_KEY_PERMISSIONS = ['send_notifications', 'read_subscriptions'] as const;
export type ApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];
/** The key public clients use for notifications carries this name. */
export const WEB_PUSH_API_KEY_NAME = 'Web Push Notifications';
export const MAX_API_KEY_NAME = 100;

export const API_KEY_NAME_REQUIRED_MESSAGE = 'Name is required';
export const API_KEY_PERMISSION_REQUIRED_MESSAGE = 'Select at least one permission';
export const API_KEY_PERMISSION_MESSAGE = `Permissions must be among ${API_KEY_PERMISSIONS.join(', ')}`;
export const API_KEY_EXPIRES_AT_MESSAGE =
  'expires_at must be an ISO 8601 time with a time zone, such as 2026-05-01T12:00:00Z, or null';
export const API_KEY_EXPIRES_IN_PAST_MESSAGE = 'Expiry must be in the future';
export const API_KEY_NOT_FOUND_MESSAGE = 'API key not found';
export const API_KEYS_LOAD_FAILED_MESSAGE = 'Failed to load API keys';
export const API_KEY_CREATE_FAILED_MESSAGE = 'Failed to create API key';
export const API_KEY_DELETE_FAILED_MESSAGE = 'Failed to delete API key';
export const API_KEY_COPIED_BUTTON = "I've Copied My Key";
export const API_KEY_DELETE_CONFIRM_MESSAGE = 'Are you sure you want to delete this API key? This cannot be undone.';
/** What a request with a wrong, expired, deleted or under-permissioned key is told (401/403). */
export const API_KEY_INVALID_MESSAGE = 'Invalid or expired API key';
export const API_KEY_FORBIDDEN_MESSAGE = 'This API key does not have the required permission';

export interface ApiKey {
  readonly id: string;
  readonly name: string;
  readonly permissions: readonly ApiKeyPermission[];
  readonly created_by: string | null;
  /** ISO 8601 instants. */
  readonly created_at: string;
  readonly expires_at: string | null;
  readonly last_used_at: string | null;
  /** expires_at has passed (at the server's clock when listed): refused when used. */
  readonly expired: boolean;
}

/** Newest first. */
export interface ApiKeysResponse {
  readonly items: readonly ApiKey[];
}

/** POST 201: `key` is the only time the key itself is ever shown. */
export interface CreateApiKeyResponse {
  readonly item: ApiKey;
  readonly key: string;
}

/** The list's masked form of a key: up to 48 dots. */
export const maskedApiKey = (): string => '•'.repeat(API_KEY_LENGTH);

export const CreateApiKeyRequestSchema = z.object(
  {
    name: z
      .string({ error: API_KEY_NAME_REQUIRED_MESSAGE })
      .trim()
      .min(1, API_KEY_NAME_REQUIRED_MESSAGE)
      .max(MAX_API_KEY_NAME, `Name must be at most ${MAX_API_KEY_NAME} characters`),
    permissions: z
      .array(z.enum(API_KEY_PERMISSIONS, { error: API_KEY_PERMISSION_MESSAGE }), { error: API_KEY_PERMISSION_REQUIRED_MESSAGE })
      .min(1, API_KEY_PERMISSION_REQUIRED_MESSAGE)
      .transform((list) => API_KEY_PERMISSIONS.filter((p) => list.includes(p)))
      .default([...API_KEY_PERMISSIONS]),
    /** Blank or null: never expires. */
    expires_at: z
      .union([z.literal(''), z.iso.datetime({ offset: true, error: API_KEY_EXPIRES_AT_MESSAGE })], {
        error: API_KEY_EXPIRES_AT_MESSAGE,
      })
      .nullable()
      .optional()
      .transform((value) => (value === undefined || value === null || value === '' ? null : new Date(value).toISOString())),
  },
  { error: API_KEY_NAME_REQUIRED_MESSAGE },
);
export type CreateApiKeyRequest = z.input<typeof CreateApiKeyRequestSchema>;
