import type { EventData } from '@xsd/contracts';
import { DEFAULT_NOTIFICATION_PREFERENCES, pushSubscriptionId } from '@xsd/contracts/api/push';
import { describe, expect, it } from 'vitest';
import { fold } from '../../event-sourcing/decider.js';
import { type PushSubscriptionCommand, type PushSubscriptionEvent, pushSubscriptionDecider } from './push-subscription.decider.js';

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

const save = (data = SAVED): PushSubscriptionCommand => ({ type: 'SavePushSubscription', data });
const remove = (reason: 'unsubscribed' | 'expired'): PushSubscriptionCommand => ({
  type: 'RemovePushSubscription',
  data: { subscriptionId: ID, endpoint: ENDPOINT, reason },
});
const saved = (data = SAVED): PushSubscriptionEvent => ({ type: 'push.subscription-saved', data });
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
});
