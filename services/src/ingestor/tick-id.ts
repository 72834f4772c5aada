import { createHash } from 'node:crypto';
import { PRICE_TICK_MS } from '@xsd/contracts/api/health';

/** The ingestor ticks every 30 s, on the wall clock's :00 and :30, on every replica alike. */
export const TICK_INTERVAL_MS = PRICE_TICK_MS;

/** Start of the tick slot an instant falls in. */
export function tickSlot(at: Date | number, intervalMs: number = TICK_INTERVAL_MS): number {
  const ms = typeof at === 'number' ? at : at.getTime();
  return Math.floor(ms / intervalMs) * intervalMs;
}

/**
 * A deterministic, UUIDv7-shaped event id: the time part is the tick slot, the rest a hash of
 * event type, aggregate and slot. Two ingestor replicas reading the same tick make the same id,
 * and the log (JetStream `Nats-Msg-Id`, or the embedded log's unique id) stores it once.
 */
export function tickEventId(type: string, aggregateId: string, slotMs: number): string {
  const bytes = Buffer.alloc(16);
  bytes.writeUIntBE(slotMs, 0, 6);
  const hash = createHash('sha256').update(`${type}\n${aggregateId}\n${slotMs}`).digest();
  hash.copy(bytes, 6, 0, 10);
  bytes[6] = 0x70 | (bytes[6] & 0x0f); // version 7
  bytes[8] = 0x80 | (bytes[8] & 0x3f); // RFC 4122 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
