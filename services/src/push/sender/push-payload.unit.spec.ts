import { MAX_PUSH_PAYLOAD_BYTES, PUSH_BODY_MAX, PUSH_TITLE_MAX, type PushPayload, PushPayloadSchema } from '@xsd/contracts/api/push';
import { describe, expect, it } from 'vitest';
import { encodePushPayload, pushTopic } from './push-payload.js';
import { retryAfterMs } from './web-push-sender.js';

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

describe('encodePushPayload', () => {
  it('keeps a payload that fits as it is', () => {
    const payload: PushPayload = { title: 'XSD above $1.00', body: 'XSD on Arbitrum is $1.02', data: { url: '/price-alerts' } };
    expect(JSON.parse(encodePushPayload(payload))).toEqual(payload);
  });

  it('cuts title and body to the lengths the service worker accepts, so what it reads is a valid payload', () => {
    const payload: PushPayload = { title: 'T'.repeat(300), body: 'é'.repeat(5_000), data: { url: '/' } };
    const encoded = encodePushPayload(payload);
    expect(bytes(encoded)).toBeLessThanOrEqual(MAX_PUSH_PAYLOAD_BYTES);
    const parsed = PushPayloadSchema.safeParse(JSON.parse(encoded));
    expect(parsed.success).toBe(true);
    expect(parsed.data!.title).toHaveLength(PUSH_TITLE_MAX);
    expect(parsed.data!.body).toHaveLength(PUSH_BODY_MAX);
    expect(parsed.data!.body.endsWith('…')).toBe(true);
    expect(parsed.data!.data).toEqual({ url: '/' });
  });

  it('shortens the body further when its bytes do not fit', () => {
    const decoded = JSON.parse(encodePushPayload({ title: 'News', body: '€'.repeat(1_000), data: { url: '/' } }, 1_000)) as PushPayload;
    expect(decoded.body.endsWith('…')).toBe(true);
    expect(decoded.body.length).toBeLessThan(400);
    expect(decoded.data).toEqual({ url: '/' });
  });

  it('never splits a character made of two UTF-16 units', () => {
    const decoded = JSON.parse(encodePushPayload({ title: 't', body: '🪙'.repeat(2_000) }, 200)) as PushPayload;
    expect(decoded.body).toMatch(/^(🪙)+…$/u);
    expect(JSON.parse(encodePushPayload({ title: 't', body: '🪙'.repeat(2_000) })).body).toMatch(/^(🪙)+…$/u);
  });

  it('uses the title as the body when the body is blank', () => {
    expect(JSON.parse(encodePushPayload({ title: 'Maintenance tonight', body: '   ' }))).toEqual({ title: 'Maintenance tonight', body: 'Maintenance tonight' });
  });

  it('drops the extras and then shortens the title when the body alone cannot make room', () => {
    const data = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, 'x'.repeat(500)]));
    const encoded = encodePushPayload({ title: 'T'.repeat(120), body: 'b', data, tag: 'news' }, 100);
    expect(bytes(encoded)).toBeLessThanOrEqual(100);
    const decoded = JSON.parse(encoded) as PushPayload;
    expect(decoded.data).toBeUndefined();
    expect(decoded.tag).toBe('news');
    expect(decoded.title.startsWith('TTT')).toBe(true);
  });
});

describe('pushTopic', () => {
  it('is at most 32 base64url characters, the same for the same key and different for another', () => {
    const topic = pushTopic('alert-1700000000000-with-a-long-id-beyond-thirty-two-characters');
    expect(topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(pushTopic('alert-1')).toBe(pushTopic('alert-1'));
    expect(pushTopic('alert-1')).not.toBe(pushTopic('alert-2'));
  });
});

describe('retryAfterMs', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  it('reads delta seconds and HTTP dates, capped at 60 s and never negative', () => {
    expect(retryAfterMs('2', now)).toBe(2_000);
    expect(retryAfterMs('Thu, 01 Jan 2026 12:00:05 GMT', now)).toBe(5_000);
    expect(retryAfterMs('3600', now)).toBe(60_000);
    expect(retryAfterMs('Thu, 01 Jan 2026 11:00:00 GMT', now)).toBe(0);
  });
  it('is null when absent or unreadable', () => {
    expect(retryAfterMs(undefined, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs('-5', now)).toBeNull();
  });
});
