import { describe, expect, it } from 'vitest';
import { createEvent, InvalidEventError, parseEvent } from './catalog.js';

const system = { kind: 'system', id: 'ingestor' } as const;
const now = new Date('2026-11-21T10:00:00.000Z');

describe('createEvent', () => {
  it('fills in the envelope from the catalog', () => {
    const event = createEvent(
      'price.ticked',
      { token: 'XSD', chain: 'Ethereum', price: 1.07, observedAt: now.toISOString() },
      { actor: system, now },
    );
    expect(event).toMatchObject({
      type: 'price.ticked',
      subject: 'xsd.price.Ethereum.XSD',
      aggregateId: 'Ethereum:XSD',
      occurredAt: '2026-11-21T10:00:00.000Z',
      schemaVersion: 1,
      data: { token: 'XSD', chain: 'Ethereum', price: 1.07, blockNumber: null },
    });
    expect(event.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
  });

  it('makes ids that sort by time', () => {
    const a = createEvent('maintenance.ended', { reason: 'staff' }, { actor: system, now });
    const b = createEvent('maintenance.ended', { reason: 'staff' }, { actor: system, now: new Date(now.getTime() + 1) });
    expect(a.id < b.id).toBe(true);
  });

  it('refuses a non-positive price with a message naming the field', () => {
    expect(() =>
      createEvent(
        'price.ticked',
        { token: 'XSD', chain: 'Ethereum', price: 0, observedAt: now.toISOString() },
        { actor: system, now },
      ),
    ).toThrow(/Invalid price.ticked event: price/);
  });

  it('refuses an unknown chain', () => {
    expect(() =>
      createEvent(
        'price.ticked',
        { token: 'XSD', chain: 'Solana' as 'Base', price: 1, observedAt: now.toISOString() },
        { actor: system, now },
      ),
    ).toThrow(InvalidEventError);
  });
});

describe('parseEvent', () => {
  const valid = () =>
    createEvent('maintenance.started', { title: null, message: 'Back soon', expectedUpTime: null }, { actor: system, now });

  it('accepts what createEvent made', () => {
    const event = valid();
    expect(parseEvent(JSON.parse(JSON.stringify(event)))).toEqual(event);
  });

  it('rejects an unknown type', () => {
    expect(() => parseEvent({ ...valid(), type: 'price.exploded' })).toThrow("Unknown event type 'price.exploded'");
  });

  it('rejects a schema version it does not know', () => {
    expect(() => parseEvent({ ...valid(), schemaVersion: 9 })).toThrow(/Unsupported schema version 9/);
  });

  it('rejects an event filed under the wrong subject', () => {
    expect(() => parseEvent({ ...valid(), subject: 'xsd.price.Ethereum.XSD' })).toThrow(/must be stored on subject/);
  });

  it('rejects a bad envelope id', () => {
    expect(() => parseEvent({ ...valid(), id: 'not-a-uuid' })).toThrow(/Invalid event envelope: id/);
  });

  it('rejects data that breaks the schema', () => {
    expect(() => parseEvent({ ...valid(), data: { reason: 'boredom' } })).toThrow(InvalidEventError);
  });
});

describe('staff events', () => {
  const accountId = '0190a000-0000-7000-8000-000000000002';
  const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g';

  it('files account changes on the directory subject and sessions on the account subject', () => {
    const created = createEvent('staff.account-created', { accountId, email: 'Ann@Example.com', role: 'admin', passwordHash: hash }, { actor: system, now });
    expect(created).toMatchObject({ subject: 'xsd.staff.directory', data: { email: 'ann@example.com' } });
    const signedIn = createEvent(
      'staff.signed-in',
      { accountId, sessionId: accountId, tokenHash: 'f'.repeat(64), kind: 'cookie', expiresAt: now.toISOString() },
      { actor: system, now },
    );
    expect(signedIn).toMatchObject({ subject: `xsd.staff.${accountId}`, aggregateId: accountId });
  });

  it('refuses a password that is not an argon2id hash, and a token that is not a SHA-256', () => {
    expect(() =>
      createEvent('staff.account-created', { accountId, email: 'ann@example.com', role: 'admin', passwordHash: 'hunter22' }, { actor: system, now }),
    ).toThrow(/passwordHash: must be an argon2id hash, never a password/);
    expect(() =>
      createEvent('staff.password-changed', { accountId, passwordHash: '$argon2i$v=19$m=1,t=1,p=1$c2FsdA$aGFzaA', keptSessionId: null }, { actor: system, now }),
    ).toThrow(InvalidEventError);
    expect(() =>
      createEvent(
        'staff.signed-in',
        { accountId, sessionId: accountId, tokenHash: 'xsd_the-token-itself', kind: 'bearer', expiresAt: now.toISOString() },
        { actor: system, now },
      ),
    ).toThrow(/tokenHash: must be the hex SHA-256 of the token/);
  });
});

describe('maintenance.ended', () => {
  it('records no updater unless told, and reads stored events from before the field existed', () => {
    const event = createEvent('maintenance.ended', { reason: 'schedule' }, { actor: system, now });
    expect(event.data).toEqual({ reason: 'schedule', recordedBy: null });
    const { recordedBy: _omitted, ...oldData } = event.data;
    expect(parseEvent({ ...event, data: oldData }).data).toEqual({ reason: 'schedule', recordedBy: null });
  });
});

describe('text that PostgreSQL or UTF-8 cannot hold', () => {
  const started = (message: string) => ({ title: 'Upgrade', message, expectedUpTime: null });

  it('createEvent refuses a NUL or a lone surrogate in the data, naming the field', () => {
    for (const message of ['Back\u0000soon', 'half \uD83D', '\uDE00 tail']) {
      expect(() => createEvent('maintenance.started', started(message), { actor: system, now })).toThrow(
        'Invalid maintenance.started event: data.message: must not contain NUL characters or unpaired surrogates',
      );
    }
  });

  it('createEvent refuses it in the envelope too (the actor)', () => {
    expect(() =>
      createEvent('maintenance.started', started('ok'), { actor: { kind: 'staff', id: 'a', email: 'a\u0000@b.test' }, now }),
    ).toThrow(/actor\.email: must not contain NUL/);
  });

  it('parseEvent refuses a stored-looking event carrying it, with the issue listed', () => {
    const event = createEvent('maintenance.started', started('Back soon'), { actor: system, now });
    let thrown: unknown;
    try {
      parseEvent({ ...event, data: started('Back\u0000soon') });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidEventError);
    expect((thrown as InvalidEventError).issues).toEqual(['data.message: must not contain NUL characters or unpaired surrogates']);
  });

  it('accepts well-formed text, emoji (a surrogate pair) included', () => {
    const event = createEvent('maintenance.started', started('Back soon 😀 ü'), { actor: system, now });
    expect(parseEvent(JSON.parse(JSON.stringify(event))).data).toMatchObject({ message: 'Back soon 😀 ü' });
  });
});
