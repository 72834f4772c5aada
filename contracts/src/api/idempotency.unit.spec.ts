import { describe, expect, it } from 'vitest';
import { idempotencyKeyHeader, IdempotencyKeySchema, idempotentId } from './idempotency.js';

describe('the Idempotency-Key header', () => {
  it('takes the draft quoted string and the bare key alike', () => {
    const key = '8e03978e-40d5-43e8-bc93-6894a57f9324';
    expect(IdempotencyKeySchema.parse(idempotencyKeyHeader(key))).toBe(key);
    expect(IdempotencyKeySchema.parse(key)).toBe(key);
    expect(IdempotencyKeySchema.parse('"a \\"quoted\\" key"')).toBe('a "quoted" key');
  });

  it('takes 1 to 255 printable characters and nothing else', () => {
    expect(IdempotencyKeySchema.safeParse('~'.repeat(255)).success).toBe(true);
    for (const bad of ['', '""', '   ', 'k'.repeat(256), 'tab\there', 'line\nbreak', 'clé', 'nul\u0000']) {
      expect(IdempotencyKeySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('derives one id per client, key and kind of write', () => {
    const id = idempotentId('contact', '10.0.0.1', 'k1');
    expect(idempotentId('contact', '10.0.0.1', 'k1')).toBe(id);
    expect(new Set([id, idempotentId('contact', '10.0.0.2', 'k1'), idempotentId('contact', '10.0.0.1', 'k2'), idempotentId('push', '10.0.0.1', 'k1')]).size).toBe(4);
  });
});
