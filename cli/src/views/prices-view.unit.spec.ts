import { describe, expect, it } from 'vitest';
import { latest, NOW, SILVER, SITE_ON, SNAPSHOT } from '../testing/fixtures.js';
import { NO_FILTER, pricesJson } from './prices-json.js';
import { pricesText } from './prices-text.js';
import { applyPriceRow, applySilver, applySite, pricesView } from './prices-view.js';

describe('pricesView', () => {
  it('shows price, coloured 24h change, XSD deviation from silver with its tier, and freshness', () => {
    const [eth, bsc, base, bankxEth, bankxBsc] = pricesView(SNAPSHOT, NO_FILTER, NOW).rows;
    expect(eth).toMatchObject({ price: '$1.01', change: '+1.50%', changeTone: 'positive', deviation: '+1.23% Slight deviation', deviationTone: 'warning', status: 'Current' });
    expect(bsc).toMatchObject({ change: '-2.25%', changeTone: 'negative', deviation: '+6.00% Off peg', deviationTone: 'negative' });
    expect(base).toMatchObject({ price: 'N/A', change: 'N/A', changeTone: 'muted', deviation: 'N/A', status: 'no data' });
    expect(bankxEth).toMatchObject({ price: '$0.42', change: '0.00%', changeTone: 'neutral', deviation: '-' });
    expect(bankxBsc).toMatchObject({ status: 'MAINTENANCE', statusTone: 'warning' });
  });

  it('marks chains in maintenance with their message, or the default one', () => {
    expect(pricesView(SNAPSHOT, NO_FILTER, NOW).notes).toEqual([
      'BSC is in maintenance: Network maintenance in progress. Trading temporarily unavailable.',
    ]);
  });

  it('filters by token and chain, and says when nothing matched', () => {
    expect(pricesView(SNAPSHOT, { token: 'BankX', chain: null }, NOW).rows.map((r) => r.chain)).toEqual(['Ethereum', 'BSC']);
    expect(pricesView(SNAPSHOT, { token: 'XSD', chain: 'BSC' }, NOW).rows.map((r) => r.key)).toEqual(['XSD:BSC']);
    expect(pricesView(SNAPSHOT, { token: 'BankX', chain: 'Base' }, NOW).empty).toBe('No prices for BankX on Base: the chain may not be active yet.');
  });

  it('puts site maintenance in a banner', () => {
    expect(pricesView(applySite(SNAPSHOT, SITE_ON), NO_FILTER, NOW).banner).toBe(
      'Site maintenance: Upgrade: Back soon (expected back 2026-05-01 14:00 UTC (in 2 h))',
    );
    expect(pricesView(SNAPSHOT, NO_FILTER, NOW).banner).toBeNull();
  });

  it('says N/A for the deviation without a silver price', () => {
    expect(pricesView({ ...SNAPSHOT, silver: null }, NO_FILTER, NOW).rows[0].deviation).toBe('N/A');
  });
});

describe('live updates', () => {
  const tick = (row: ReturnType<typeof latest>, price: number, timestamp: string) => ({ ...row, price, timestamp });

  it("puts the server's row in place of the one shown, its 24 h change and status as they came", () => {
    const row = tick(latest('XSD', 'Ethereum', 1.2, 7.25, { status: 'maintenance', maintenance_message: 'Bridge upgrade' }), 1.2, '2026-05-01T12:00:30.000Z');
    const after = applyPriceRow(SNAPSHOT, row);
    expect(after.items[0]).toBe(row);
    expect(after.items.slice(1)).toEqual(SNAPSHOT.items.slice(1));
    expect(pricesView(after, NO_FILTER, NOW).rows[0]).toMatchObject({ price: '$1.20', change: '+7.25%', status: 'MAINTENANCE' });
  });

  it('ignores an older row and a row it does not show', () => {
    expect(applyPriceRow(SNAPSHOT, tick(latest('XSD', 'Ethereum', 2, 1), 2, '2026-05-01T11:00:00.000Z'))).toBe(SNAPSHOT);
    expect(applyPriceRow(SNAPSHOT, tick(latest('BankX', 'Avalanche', 1, 0), 1, '2026-05-01T12:00:30.000Z'))).toBe(SNAPSHOT);
  });

  it("takes silver per gram from the server's silver body", () => {
    expect(applySilver(SNAPSHOT, { ...SILVER, price_per_gram: 1.1, timestamp: '2026-05-01T12:00:30.000Z' }).silver).toEqual({
      price_per_gram: 1.1,
      timestamp: '2026-05-01T12:00:30.000Z',
    });
  });
});

describe('pricesJson', () => {
  it("keeps the API's rows and adds XSD's deviation from silver", () => {
    const json = pricesJson(SNAPSHOT, { token: null, chain: 'Ethereum' });
    expect(json.items).toEqual([
      { ...SNAPSHOT.items[0], deviation_from_silver: expect.closeTo(1.23, 5) },
      { ...SNAPSHOT.items[3], deviation_from_silver: null },
    ]);
    expect(json.silver).toEqual(SNAPSHOT.silver);
    expect(json.site).toEqual(SNAPSHOT.site);
  });
});

describe('pricesText', () => {
  it('prints the table, silver and the maintenance notes as plain text', () => {
    expect(pricesText(pricesView(SNAPSHOT, NO_FILTER, NOW))).toEqual([
      'TOKEN  CHAIN       PRICE     24H  VS SILVER                UPDATED',
      'XSD    Ethereum    $1.01  +1.50%  +1.23% Slight deviation  Current',
      'XSD    BSC         $1.06  -2.25%  +6.00% Off peg           Current',
      'XSD    Base          N/A     N/A  N/A                      no data',
      'BankX  Ethereum    $0.42   0.00%  -                        Current',
      'BankX  BSC       $0.4321  -0.50%  -                        MAINTENANCE',
      '',
      'Silver $1.0000 per gram',
      'BSC is in maintenance: Network maintenance in progress. Trading temporarily unavailable.',
    ]);
  });
});
