import { describe, expect, it } from 'vitest';
import { createEvent, InvalidEventError, parseEvent } from './catalog.js';

const system = { kind: 'system', id: 'ingestor' } as const;
const now = new Date('2026-11-21T10:00:00.000Z');
const tick = { token: 'BankX', chain: 'BSC', price: 0.42, observedAt: now.toISOString() } as const;

describe('price.ticked total supply', () => {
  it('carries the supply the ingestor read, in whole tokens', () => {
    const event = createEvent('price.ticked', { ...tick, totalSupply: 105_260.5 }, { actor: system, now });
    expect(event.schemaVersion).toBe(1);
    expect(event.data).toEqual({ ...tick, blockNumber: null, totalSupply: 105_260.5 });
  });

  it('is optional: without one it is null', () => {
    expect(createEvent('price.ticked', tick, { actor: system, now }).data.totalSupply).toBeNull();
  });

  it('keeps an event stored before supply was read valid, with a null supply', () => {
    const stored = JSON.parse(JSON.stringify(createEvent('price.ticked', tick, { actor: system, now })));
    delete stored.data.totalSupply;
    expect(stored.data).not.toHaveProperty('totalSupply');
    expect(parseEvent(stored)).toMatchObject({ type: 'price.ticked', schemaVersion: 1, data: { ...tick, totalSupply: null } });
  });

  it('accepts a supply of 0 and refuses a negative or non-finite one', () => {
    expect(createEvent('price.ticked', { ...tick, totalSupply: 0 }, { actor: system, now }).data.totalSupply).toBe(0);
    for (const bad of [-1, Number.POSITIVE_INFINITY, Number.NaN]) {
      expect(() => createEvent('price.ticked', { ...tick, totalSupply: bad }, { actor: system, now })).toThrow(InvalidEventError);
    }
    expect(() => createEvent('price.ticked', { ...tick, totalSupply: -1 }, { actor: system, now })).toThrow(
      /Invalid price.ticked event: totalSupply/,
    );
  });
});
