import { describe, expect, it } from 'vitest';
import { fold } from '../event-sourcing/decider.js';
import { type ApiKeyCommand, type ApiKeyEvent, apiKeyDecider, type CreateApiKey } from './api-key.decider.js';

const ID = '0190a000-0000-7000-8000-0000000000b1';
const NOW = new Date('2026-11-21T10:00:00.000Z');
const HASH = 'a'.repeat(64);

function when(given: readonly ApiKeyEvent[], command: ApiKeyCommand): readonly ApiKeyEvent[] {
  return apiKeyDecider.decide(command, fold(apiKeyDecider, given));
}

const create = (expiresAt: string | null = null): CreateApiKey => ({
  type: 'CreateApiKey',
  data: { keyId: ID, name: 'Web Push Notifications', keyHash: HASH, permissions: ['send_notifications'], expiresAt },
  metadata: { now: NOW },
});
const created: ApiKeyEvent = {
  type: 'api-key.created',
  data: { keyId: ID, name: 'Web Push Notifications', keyHash: HASH, permissions: ['send_notifications'], expiresAt: null },
};
const use = (now: Date): ApiKeyCommand => ({ type: 'RecordApiKeyUse', data: { keyId: ID }, metadata: { now } });
const later = (ms: number) => new Date(NOW.getTime() + ms);

describe('API key decider', () => {
  describe('when the key does not exist yet', () => {
    it('creating it records its hash, never the key', () => {
      expect(when([], create())).toEqual([created]);
    });

    it('an expiry that has already passed is refused', () => {
      expect(() => when([], create(NOW.toISOString()))).toThrow(
        expect.objectContaining({ kind: 'invalid', message: 'Expiry must be in the future' }),
      );
    });

    it('a use records nothing and deleting it is not found', () => {
      expect(when([], use(NOW))).toEqual([]);
      expect(() => when([], { type: 'DeleteApiKey', data: { keyId: ID } })).toThrow(expect.objectContaining({ kind: 'not_found' }));
    });
  });

  describe('when the key is active', () => {
    it('its first use is recorded, then at most once a minute', () => {
      const first = when([created], use(NOW));
      expect(first).toEqual([{ type: 'api-key.used', data: { keyId: ID, usedAt: NOW.toISOString() } }]);
      expect(when([created, ...first], use(later(59_999)))).toEqual([]);
      expect(when([created, ...first], use(later(60_000)))).toHaveLength(1);
    });

    it('deleting it records its name', () => {
      expect(when([created], { type: 'DeleteApiKey', data: { keyId: ID } })).toEqual([
        { type: 'api-key.deleted', data: { keyId: ID, name: 'Web Push Notifications' } },
      ]);
    });
  });

  describe('when the key was deleted', () => {
    const deleted: ApiKeyEvent = { type: 'api-key.deleted', data: { keyId: ID, name: 'Web Push Notifications' } };

    it('a use records nothing, and it cannot be deleted or created again', () => {
      expect(when([created, deleted], use(NOW))).toEqual([]);
      expect(() => when([created, deleted], { type: 'DeleteApiKey', data: { keyId: ID } })).toThrow(expect.objectContaining({ kind: 'not_found' }));
      expect(() => when([created, deleted], create())).toThrow(expect.objectContaining({ kind: 'conflict' }));
    });
  });
});
