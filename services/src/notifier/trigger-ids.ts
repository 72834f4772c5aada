import { createHash } from 'node:crypto';

/** Namespace of the notifier's name-based UUIDs (RFC 9562 version 5). */
const NAMESPACE = Buffer.from('0c6f1d8e2b7a4f43a1e95d0b7c3e2f19', 'hex');

function formatUuid(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** A UUID v5 of `name`: the same name, the same id, in every process and after every restart. */
function nameUuid(name: string): string {
  const bytes = createHash('sha1').update(NAMESPACE).update(name).digest().subarray(0, 16);
  bytes[6] = 0x50 | (bytes[6] & 0x0f);
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  return formatUuid(bytes);
}

/**
 * The id of one alert firing for one subscription because of one source (a price event's id, or a
 * reminder's event start). A replayed, redelivered or re-decided evaluation makes the same id, so
 * the trigger is stored and sent once.
 */
export function triggerId(subscriptionId: string, kind: string, alertId: string, sourceId: string): string {
  return nameUuid(`trigger\n${subscriptionId}\n${kind}\n${alertId}\n${sourceId}`);
}

/**
 * A deterministic, UUIDv7-shaped event id (event ids are v7): the time part is `atMs`, the rest a
 * hash of `name`. The log stores an event with a given id once (JetStream `Nats-Msg-Id` within its
 * duplicate window, the embedded log always), so appending the same triggers again is harmless.
 */
export function deterministicEventId(name: string, atMs: number): string {
  const bytes = Buffer.alloc(16);
  bytes.writeUIntBE(Math.max(0, Math.floor(atMs)), 0, 6);
  createHash('sha256').update(name).digest().copy(bytes, 6, 0, 10);
  bytes[6] = 0x70 | (bytes[6] & 0x0f);
  bytes[8] = 0x80 | (bytes[8] & 0x3f);
  return formatUuid(bytes);
}

/**
 * The id of one community-channel message to one channel (`key` names the message: the news item,
 * the maintenance event, the peg change): stored once, sent once, and the `webhook-id` on every try.
 */
export function channelDeliveryId(channelId: string, key: string): string {
  return nameUuid(`channel\n${channelId}\n${key}`);
}
