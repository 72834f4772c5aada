import { type AnyEvent, type ChainName, createEvent, type TokenName } from '@xsd/contracts';

const CHAINS: ChainName[] = ['Ethereum', 'BSC', 'Arbitrum', 'Polygon', 'Optimism', 'Base', 'Avalanche'];
const TOKENS: TokenName[] = ['XSD', 'BankX'];

/**
 * `count` price ticks cycling over the seven chains and two tokens, one millisecond apart from
 * `startMs`, prices on a small deterministic wobble (ids are fresh UUIDv7s each call).
 */
export function priceTicks(count: number, startMs = Date.parse('2026-01-01T00:00:00.000Z')): AnyEvent[] {
  const events: AnyEvent[] = [];
  for (let index = 0; index < count; index += 1) {
    const chain = CHAINS[index % CHAINS.length];
    const token = TOKENS[Math.floor(index / CHAINS.length) % TOKENS.length];
    const base = token === 'XSD' ? 1.05 : 0.42;
    const price = Number((base * (1 + 0.01 * Math.sin(index / 97))).toFixed(6));
    const now = new Date(startMs + index);
    events.push(
      createEvent('price.ticked', { token, chain, price, observedAt: now.toISOString() }, {
        actor: { kind: 'system', id: 'test-ticks' },
        now,
      }),
    );
  }
  return events;
}
