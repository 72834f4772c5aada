import { describe, expect, it } from 'vitest';
import { demoScan } from '../testing/fixtures.js';
import { chainProgressLine, scanText } from './scan-text.js';
import { chainProgress, pendingProgress, scanJson, scanView, withChainResult } from './scan-view.js';

describe('scanView', () => {
  it("shows the demo wallet's balances on all seven chains with the spec's analysis", () => {
    const view = scanView(demoScan());
    expect(view.chains).toHaveLength(7);
    expect(view.balances).toHaveLength(14);
    expect(view.balances[0].cells.map((c) => c.text)).toEqual(['XSD', 'Ethereum', '10', '$1.01', '$10.10', '+1.00% Slight deviation']);
    expect(view.balances[0].cells[5].tone).toBe('warning');
    expect(view.balances[1].cells.map((c) => c.text)).toEqual(['BankX', 'Ethereum', '250', '$0.42', '$105.00', '-']);
    expect(view.total).toBe('Total value $805.70');
    expect(view.allocation.map((r) => r.cells.map((c) => c.text))).toEqual([
      ['XSD', '8.8%', '$70.70', '70'],
      ['BankX', '91.2%', '$735.00', '1,750'],
    ]);
    expect(view.networks).toHaveLength(6);
    expect(view.moreNetworks).toBe('+1 more network');
    expect(view.summary.map((f) => [f.label, f.value, f.tone])).toEqual([
      ['Holdings tier', 'Holder (70 XSD)', 'neutral'],
      ['Risk score', '91 / 100 Aggressive', 'negative'],
      ['Diversification', '100 / 100 good', 'positive'],
      [
        'Advice',
        'Your portfolio is heavily weighted toward BankX: a growth position with higher volatility. Adding some XSD would give it a stable, silver-pegged base.',
        'neutral',
      ],
    ]);
    expect(view.error).toBeNull();
  });

  it("reports failed chains in the spec's Scan Error, never as zero balances", () => {
    const view = scanView(demoScan(['Polygon', 'Base']));
    expect(view.error).toBe('Scan Error: Failed to fetch some balances. Please try again. (Polygon, Base could not be read)');
    expect(view.chains.find((r) => r.key === 'Polygon')?.cells.map((c) => c.text)).toEqual(['Polygon', 'failed', '-', '-']);
    expect(view.balances).toHaveLength(10);
  });

  it('says so when the address holds neither token', () => {
    const empty = { ...demoScan(), balances: [], total_value: 0 };
    expect(scanView(empty).empty).toBe('No XSD or BankX on the 7 networks read.');
    expect(scanText(scanView(empty)).at(-1)).toBe('No XSD or BankX on the 7 networks read.');
  });
});

describe('scan progress', () => {
  it('starts every chain as scanning and settles each as it reports', () => {
    let progress = pendingProgress(['Ethereum', 'BSC']);
    progress = withChainResult(progress, { chain: 'BSC', status: 'failed', error: 'BSC: every RPC endpoint failed' });
    progress = withChainResult(progress, { chain: 'Ethereum', status: 'ok', balances: { XSD: 1000, BankX: 0.5 }, block_number: 1 });
    expect(progress).toEqual([
      { chain: 'Ethereum', state: 'ok', detail: '1,000 XSD, 0.5 BankX' },
      { chain: 'BSC', state: 'failed', detail: 'BSC: every RPC endpoint failed' },
    ]);
    expect(chainProgressLine(progress[0])).toBe('Ethereum   ok     1,000 XSD, 0.5 BankX');
    expect(chainProgress({ chain: 'Base', status: 'ok', balances: { XSD: 0, BankX: 0 }, block_number: null }).detail).toBe('0 XSD, 0 BankX');
  });
});

describe('scanJson', () => {
  it('adds the analysis to the scan', () => {
    const json = scanJson(demoScan());
    expect(json.balances).toHaveLength(14);
    expect(json.analysis).toMatchObject({
      holdings_tier: 'Holder',
      risk_score: 91,
      risk_label: 'Aggressive',
      diversification_score: 100,
      diversification_label: 'good',
      advice: 'heavily_bankx',
      allocation: { basis: 'value', balances: { XSD: 70, BankX: 1750 } },
    });
    expect(json.analysis.peg_deviation).toHaveLength(7);
    expect(json.analysis.peg_deviation[0]).toEqual({ chain: 'Ethereum', deviation: expect.closeTo(1, 6), tier: 'warning' });
  });
});
