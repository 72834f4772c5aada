import { EnvelopeSchema } from '@xsd/contracts';
import { describe, expect, it } from 'vitest';
import { tickEventId, tickSlot } from './tick-id.js';

describe('tick slots', () => {
  it('start on the 30-second marks of the clock', () => {
    expect(tickSlot(Date.parse('2026-03-02T10:00:29.999Z'))).toBe(Date.parse('2026-03-02T10:00:00.000Z'));
    expect(tickSlot(new Date('2026-03-02T10:00:30.000Z'))).toBe(Date.parse('2026-03-02T10:00:30.000Z'));
  });
});

describe('tickEventId', () => {
  const slot = Date.parse('2026-03-02T10:00:30.000Z');

  it('is a UUIDv7 whose time part is the slot', () => {
    const id = tickEventId('price.ticked', 'Ethereum:XSD', slot);
    expect(EnvelopeSchema.shape.id.safeParse(id).success).toBe(true);
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(slot);
  });

  it('is the same for the same tick and different for any other', () => {
    const id = tickEventId('price.ticked', 'Ethereum:XSD', slot);
    expect(tickEventId('price.ticked', 'Ethereum:XSD', slot)).toBe(id);
    const others = [
      tickEventId('price.rejected', 'Ethereum:XSD', slot),
      tickEventId('price.ticked', 'Ethereum:BankX', slot),
      tickEventId('price.ticked', 'BSC:XSD', slot),
      tickEventId('price.ticked', 'Ethereum:XSD', slot + 30_000),
    ];
    expect(new Set([id, ...others]).size).toBe(5);
  });

  it('sorts by slot', () => {
    expect(tickEventId('silver.ticked', 'silver', slot) < tickEventId('price.ticked', 'BSC:XSD', slot + 30_000)).toBe(true);
  });
});
