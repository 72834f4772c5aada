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
