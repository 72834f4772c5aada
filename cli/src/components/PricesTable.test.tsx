import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { NOW, SITE_ON, SNAPSHOT } from '../testing/fixtures.js';
import { plain } from '../testing/ink.js';
import { NO_FILTER } from '../views/prices-json.js';
import { pricesView } from '../views/prices-view.js';
import { PricesTable } from './PricesTable.js';

describe('PricesTable', () => {
  it('shows both tokens on every chain with change, deviation from silver and freshness', () => {
    const frame = plain(render(<PricesTable view={pricesView(SNAPSHOT, NO_FILTER, NOW)} />).lastFrame());
    const lines = frame.split('\n');
    expect(lines[0]).toMatch(/^TOKEN\s+CHAIN\s+PRICE\s+24H\s+VS SILVER\s+UPDATED$/);
    expect(lines[1]).toMatch(/^XSD\s+Ethereum\s+\$1\.01\s+\+1\.50%\s+\+1\.23% Slight deviation\s+Current$/);
    expect(lines[2]).toMatch(/^XSD\s+BSC\s+\$1\.06\s+-2\.25%\s+\+6\.00% Off peg\s+Current$/);
    expect(lines[4]).toMatch(/^BankX\s+Ethereum\s+\$0\.42\s+0\.00%\s+-\s+Current$/);
    expect(frame).toContain('Silver $1.0000 per gram');
  });

  it('marks chains in maintenance and the site maintenance', () => {
    const frame = plain(render(<PricesTable view={pricesView({ ...SNAPSHOT, site: SITE_ON }, NO_FILTER, NOW)} />).lastFrame());
    expect(frame.split('\n')[0]).toBe('⚠ Site maintenance: Upgrade: Back soon (expected back 2026-05-01 14:00 UTC (in 2 h))');
    expect(frame).toMatch(/BankX\s+BSC\s+\$0\.4321\s+-0\.50%\s+-\s+MAINTENANCE/);
    expect(frame).toContain('⚠ BSC is in maintenance: Network maintenance in progress. Trading temporarily unavailable.');
  });

  it('says when the filter matched nothing', () => {
    const frame = plain(render(<PricesTable view={pricesView(SNAPSHOT, { token: 'BankX', chain: 'Base' }, NOW)} />).lastFrame());
    expect(frame).toContain('No prices for BankX on Base: the chain may not be active yet.');
    expect(frame).not.toContain('TOKEN');
  });
});
