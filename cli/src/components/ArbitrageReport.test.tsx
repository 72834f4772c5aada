import { DEFAULT_ARBITRAGE_SETTINGS } from '@xsd/contracts/rules/arbitrage';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { latest } from '../testing/fixtures.js';
import { plain } from '../testing/ink.js';
import { arbitrageReport, arbitrageView } from '../views/arbitrage-view.js';
import { ArbitrageReport } from './ArbitrageReport.js';

const ITEMS = [latest('XSD', 'Ethereum', 1, null), latest('XSD', 'BSC', 1.05, null), latest('XSD', 'Polygon', 0.98, null), latest('BankX', 'Base', 5, null)];

describe('ArbitrageReport', () => {
  it('lists XSD routes by profit with the best first, the assistant note and the disclaimer', () => {
    const view = arbitrageView(arbitrageReport(ITEMS, DEFAULT_ARBITRAGE_SETTINGS));
    const frame = plain(render(<ArbitrageReport view={view} />).lastFrame());
    const lines = frame.split('\n');
    expect(lines[0]).toBe('XSD arbitrage on $1,000.00: at least 1% and $10.00 profit');
    expect(lines[1]).toMatch(/^#\s+BUY ON\s+SELL ON\s+BUY\s+SELL\s+SPREAD\s+PROFIT$/);
    expect(lines[2]).toMatch(/^1 best\s+Polygon\s+BSC\s+\$0\.98\s+\$1\.05\s+\+7\.14%\s+\$71\.43$/);
    expect(lines[3]).toMatch(/^2\s+Ethereum\s+BSC\s+\$1\.00\s+\$1\.05\s+\+5\.00%\s+\$50\.00$/);
    expect(lines[4]).toMatch(/^3\s+Polygon\s+Ethereum/);
    // Long lines wrap at the terminal's width.
    const text = frame.replace(/\s+/g, ' ');
    expect(text).toMatch(/Best route: buy on Polygon and sell on BSC for about \$71\.43 \(\+7\.14%\)\. Backup: buy on Ethereum and sell on BSC/);
    expect(text).toMatch(/⚠ Estimates only: gas fees, slippage and bridge fees are not counted/);
  });

  it('says when nothing clears the thresholds', () => {
    const view = arbitrageView(arbitrageReport(ITEMS, { ...DEFAULT_ARBITRAGE_SETTINGS, minProfitPercentage: 10 }));
    const frame = plain(render(<ArbitrageReport view={view} />).lastFrame());
    expect(frame.split('\n')[1]).toBe('No opportunities meet these thresholds right now.');
    expect(frame).not.toContain('BUY ON');
  });
});
