import type { EventData } from '@xsd/contracts';
import { DEFAULT_NOTIFICATION_PREFERENCES } from '@xsd/contracts/api/alerts';
import { pushSubscriptionId } from '@xsd/contracts/api/push';
import { describe, expect, it } from 'vitest';
import { fold } from '../../event-sourcing/decider.js';
import { type PushSubscriptionCommand, type PushSubscriptionEvent, pushSubscriptionDecider, REMEMBERED_PUSH_REQUESTS } from './push-subscription.decider.js';

const ENDPOINT = 'https://push.example.test/send/abc';
const ID = pushSubscriptionId(ENDPOINT);
const SAVED: EventData<'push.subscription-saved'> = {
  subscriptionId: ID,
  endpoint: ENDPOINT,
  p256dh: 'B'.repeat(87),
  auth: 'A'.repeat(22),
  preferences: DEFAULT_NOTIFICATION_PREFERENCES,
  alerts: {
    token: [{ id: 't1', token: 'XSD', chain: 'Ethereum', condition: 'above', price: 1.05, enabled: true, lastTriggered: null }],
    silver: [],
    calendar: [],
  },
};

function when(given: readonly PushSubscriptionEvent[], command: PushSubscriptionCommand): readonly PushSubscriptionEvent[] {
  return pushSubscriptionDecider.decide(command, fold(pushSubscriptionDecider, given));
}

const AT = new Date('2026-03-01T10:00:00Z');
const DAY = 24 * 60 * 60_000;
const save = (data: EventData<'push.subscription-saved'> = SAVED, now = AT): PushSubscriptionCommand => ({
  type: 'SavePushSubscription',
  data,
  metadata: { now },
});
const remove = (reason: 'unsubscribed' | 'expired'): PushSubscriptionCommand => ({
  type: 'RemovePushSubscription',
  data: { subscriptionId: ID, endpoint: ENDPOINT, reason },
});
const saved = (data = SAVED): PushSubscriptionEvent => ({ type: 'push.subscription-saved', data });
/** A keyed save as the log hands it back (with the envelope's time). */
const request = (key: string, fingerprint = 'a'.repeat(64)) => ({ id: key, fingerprint });
const KEY = '0190a000-0000-7000-8000-0000000000d1';
const keyed = (data = SAVED, req = request(KEY)): EventData<'push.subscription-saved'> => ({ ...data, request: req });
const storedKeyed = (data = SAVED, req = request(KEY)): PushSubscriptionEvent => ({ ...saved(keyed(data, req)), occurredAt: AT.toISOString() });
const removed = (reason: 'unsubscribed' | 'expired'): PushSubscriptionEvent => ({
  type: 'push.subscription-removed',
  data: { subscriptionId: ID, endpoint: ENDPOINT, reason },
});

describe('push subscription decider', () => {
  describe('when the endpoint was never registered', () => {
    it('a save records the subscription with its preferences and alerts', () => {
      expect(when([], save())).toEqual([saved()]);
    });

    it('unsubscribing is refused as not found', () => {
      expect(() => when([], remove('unsubscribed'))).toThrow(
        expect.objectContaining({ kind: 'not_found', message: 'No push subscription is registered for this endpoint' }),
      );
    });

    it('a push service saying it expired changes nothing', () => {
      expect(when([], remove('expired'))).toEqual([]);
    });
  });

  describe('when the subscription is active', () => {
    it('the same save again records nothing', () => {
      expect(when([saved()], save(structuredClone(SAVED)))).toEqual([]);
    });

    it('a save with other alerts or preferences replaces it', () => {
      const changed = { ...SAVED, preferences: { ...SAVED.preferences, systemUpdates: false }, alerts: { token: [], silver: [], calendar: [] } };
      expect(when([saved()], save(changed))).toEqual([saved(changed)]);
    });

    it('unsubscribing or expiring removes it, with the reason', () => {
      expect(when([saved()], remove('unsubscribed'))).toEqual([removed('unsubscribed')]);
      expect(when([saved()], remove('expired'))).toEqual([removed('expired')]);
    });
  });

  describe('when the subscription was removed', () => {
    it('unsubscribing again is not found, an expiry is nothing', () => {
      expect(() => when([saved(), removed('unsubscribed')], remove('unsubscribed'))).toThrow(expect.objectContaining({ kind: 'not_found' }));
      expect(when([saved(), removed('expired')], remove('expired'))).toEqual([]);
    });

    it('a save registers it again', () => {
      expect(when([saved(), removed('expired')], save())).toEqual([saved()]);
    });
  });

  describe('with an Idempotency-Key', () => {
    const changed = { ...SAVED, preferences: { ...SAVED.preferences, systemUpdates: false } };

    it('a new key that changes the subscription is recorded with it', () => {
      expect(when([saved()], save(keyed(changed)))).toEqual([saved(keyed(changed))]);
    });

    it('a retry of a stored save decides nothing, even after a later change', () => {
      expect(when([storedKeyed(changed)], save(keyed(changed)))).toEqual([]);
      const later = saved(keyed(SAVED, request('0190a000-0000-7000-8000-0000000000d2')));
      expect(when([storedKeyed(changed), later], save(keyed(changed)))).toEqual([]);
    });

    it('the key with another body is refused as unprocessable, and after a day as expired', () => {
      expect(() => when([storedKeyed(changed)], save(keyed(SAVED, request(KEY, 'b'.repeat(64)))))).toThrow(
        expect.objectContaining({ kind: 'unprocessable', code: 'idempotency_key_reused' }),
      );
      expect(() => when([storedKeyed(changed)], save(keyed(changed), new Date(AT.getTime() + DAY + 1)))).toThrow(
        expect.objectContaining({ kind: 'unprocessable', code: 'idempotency_key_expired' }),
      );
    });

    it(`remembers the last ${REMEMBERED_PUSH_REQUESTS} keyed saves only`, () => {
      const keys = Array.from({ length: REMEMBERED_PUSH_REQUESTS + 1 }, (_, i) => `0190a000-0000-7000-8000-${String(i).padStart(12, '0')}`);
      const history = keys.map((key, i) => storedKeyed({ ...SAVED, auth: `A${i}` }, request(key)));
      const state = fold(pushSubscriptionDecider, history);
      expect(state.status === 'active' && state.requests.map((known) => known.id)).toEqual(keys.slice(1));
    });
  });
});
