import { EnvelopeSchema } from '@xsd/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deterministicEventId, triggerId } from './trigger-ids.js';

describe('triggerId', () => {
  it('is a UUID that depends on the subscription, the alert and the source alone', () => {
    const id = triggerId('0f7e9d0c-1a2b-4c3d-8e4f-5a6b7c8d9e0f', 'price', 'a1', 'source-1');
    expect(z.uuid().safeParse(id).success).toBe(true);
    expect(triggerId('0f7e9d0c-1a2b-4c3d-8e4f-5a6b7c8d9e0f', 'price', 'a1', 'source-1')).toBe(id);
    expect(triggerId('0f7e9d0c-1a2b-4c3d-8e4f-5a6b7c8d9e0f', 'price', 'a1', 'source-2')).not.toBe(id);
    expect(triggerId('0f7e9d0c-1a2b-4c3d-8e4f-5a6b7c8d9e0f', 'silver', 'a1', 'source-1')).not.toBe(id);
  });
});

describe('deterministicEventId', () => {
  it('is a valid event id (UUIDv7) carrying the given time, the same for the same name', () => {
    const at = Date.parse('2026-03-01T12:00:00.000Z');
    const id = deterministicEventId('push.alerts-triggered\nsource\n0', at);
    expect(EnvelopeSchema.shape.id.safeParse(id).success).toBe(true);
    expect(parseInt(id.replaceAll('-', '').slice(0, 12), 16)).toBe(at);
    expect(deterministicEventId('push.alerts-triggered\nsource\n0', at)).toBe(id);
    expect(deterministicEventId('push.alerts-triggered\nsource\n1', at)).not.toBe(id);
  });
});
