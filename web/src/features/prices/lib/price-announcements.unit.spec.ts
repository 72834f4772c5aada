import type { PriceStreamData } from '@xsd/contracts/api/stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPriceAnnouncer, PRICE_ANNOUNCE_INTERVAL_MS, priceSummary } from './price-announcements';

const tick = (token_name: 'XSD' | 'BankX', chain_name: 'Ethereum' | 'BSC' | 'Base', price: number): PriceStreamData => ({
  token_name,
  chain_name,
  price,
  timestamp: new Date().toISOString(),
  change_24h: null,
  status: 'active',
  maintenance_message: null,
  total_supply: null,
});

describe('priceSummary', () => {
  it("names each token once: one network's price, or the range over several (each network's latest reading)", () => {
    expect(priceSummary([tick('XSD', 'Ethereum', 0.99), tick('XSD', 'Ethereum', 1), tick('BankX', 'BSC', 0.4163), tick('BankX', 'Base', 0.4218)])).toBe(
      'Prices updated: XSD $1.00 on Ethereum; BankX $0.4163 to $0.4218 on 2 networks.',
    );
    expect(priceSummary([tick('XSD', 'Ethereum', 1.001), tick('XSD', 'BSC', 1.002)])).toBe('Prices updated: XSD $1.00 on 2 networks.');
  });
});

describe('createPriceAnnouncer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('announces the first change at once, then at most once a minute, gathering what came between', () => {
    const heard: string[] = [];
    const announcer = createPriceAnnouncer((text) => heard.push(text));
    announcer.add(tick('XSD', 'Ethereum', 1));
    vi.advanceTimersByTime(0);
    expect(heard).toEqual(['Prices updated: XSD $1.00 on Ethereum.']);

    // Readings every 5 s for the next minute: none is heard before the minute is up.
    for (let second = 5; second < 60; second += 5) {
      vi.advanceTimersByTime(5_000);
      announcer.add(tick('XSD', second % 2 ? 'BSC' : 'Ethereum', 1 + second / 100));
    }
    expect(heard).toHaveLength(1);
    vi.advanceTimersByTime(PRICE_ANNOUNCE_INTERVAL_MS - 55_000 - 1);
    expect(heard).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(heard).toEqual(['Prices updated: XSD $1.00 on Ethereum.', 'Prices updated: XSD $1.50 to $1.55 on 2 networks.']);

    // Quiet for two minutes: nothing to say; the next reading is heard at once.
    vi.advanceTimersByTime(2 * PRICE_ANNOUNCE_INTERVAL_MS);
    expect(heard).toHaveLength(2);
    announcer.add(tick('BankX', 'Base', 0.42));
    vi.advanceTimersByTime(0);
    expect(heard.at(-1)).toBe('Prices updated: BankX $0.42 on Base.');
    announcer.stop();
  });

  it('says nothing after stop', () => {
    const heard: string[] = [];
    const announcer = createPriceAnnouncer((text) => heard.push(text));
    announcer.add(tick('XSD', 'Ethereum', 1));
    vi.advanceTimersByTime(0);
    announcer.add(tick('XSD', 'Ethereum', 1.01));
    announcer.stop();
    vi.advanceTimersByTime(PRICE_ANNOUNCE_INTERVAL_MS);
    expect(heard).toHaveLength(1);
  });
});
