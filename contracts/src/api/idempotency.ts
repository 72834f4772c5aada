/**
 * The `Idempotency-Key` request header (IETF draft "The Idempotency-Key HTTP Header Field") on the
 * public writes (`POST /api/contact`, `POST /api/push/subscriptions`): a client makes one key per
 * submission and sends it again with each retry of that submission. A retry with the same key
 * answers the first result and stores nothing new; the same key with another body is refused 422.
 */
import { v5 as uuidv5 } from 'uuid';
// zod/mini: the web app imports this module's header helpers on its first screen.
import * as z from 'zod/mini';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** How long a key is honoured after its first use; a later reuse is refused (send a new key). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;

export const IDEMPOTENCY_MESSAGES = {
  invalid: `The Idempotency-Key header must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable characters (a UUID, say).`,
  reused: 'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
  expired: 'This Idempotency-Key has expired. Send a new key for a new request.',
} as const;

/**
 * The header's value: the draft's quoted Structured Field string (`"8e03978e-…"`) or the bare key
 * most clients send, printable ASCII only (nothing that could smuggle a line break or a control).
 */
export const IdempotencyKeySchema = z.pipe(
  z.pipe(
    z.string(),
    z.transform((raw: string) => (raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1).replace(/\\(["\\])/g, '$1') : raw)),
  ),
  z.string().check(z.minLength(1), z.maxLength(MAX_IDEMPOTENCY_KEY_LENGTH), z.regex(/^[\x20-\x7e]*[\x21-\x7e][\x20-\x7e]*$/)),
);

/** The header as the web app sends it: the draft's quoted string. */
export function idempotencyKeyHeader(key: string): string {
  return `"${key}"`;
}

/** Namespace of the ids derived from a client's key (UUID v5). */
const IDEMPOTENT_ID_NAMESPACE = '0f6f2b8e-8a7d-4c55-9a51-2f7b1c3e9d40';

/**
 * The id a keyed write is stored under: the same for every retry of it (on any API replica), and
 * apart for each client and each kind of write, so two clients' keys never meet.
 */
export function idempotentId(scope: 'contact' | 'push', client: string, key: string): string {
  return uuidv5(`${scope}\n${client}\n${key}`, IDEMPOTENT_ID_NAMESPACE);
}
