import { pegHealthEntryFixture } from '@xsd/contracts/testing/peg-fixtures';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { plain } from '../testing/ink.js';
import { pegView } from '../views/peg-view.js';
import { PegReport } from './PegReport.js';

const chain = pegHealthEntryFixture;

describe('PegReport', () => {
  it("shows each chain's deviation now, its band and its time in each band", () => {
    const view = pegView({
      days: 7,
      silver_price: 1.0512,
      chains: [
        chain('Ethereum', { current: 3.2, tier: 'warning', worst: -6.5, shares: { good: 0.5, warning: 0.25, error: 0.25 }, measured_ms: 1 }),
        chain('BSC', { current: 0.4, tier: 'good', worst: 0.9, shares: { good: 1, warning: 0, error: 0 }, measured_ms: 1 }),
        chain('Base'),
      ],
    });
    const lines = plain(render(<PegReport view={view} />).lastFrame()).split('\n');
    expect(lines[0]).toBe('XSD vs silver ($1.0512/g), last 7 days');
    expect(lines[1]).toMatch(/^CHAIN\s+NOW\s+BAND\s+ON PEG <1%\s+SLIGHT <=5%\s+OFF >5%\s+WORST$/);
    expect(lines[2]).toMatch(/^Ethereum\s+\+3\.20%\s+Slight deviation\s+50\.0%\s+25\.0%\s+25\.0%\s+-6\.50%$/);
    expect(lines[3]).toMatch(/^BSC\s+\+0\.40%\s+On peg\s+100\.0%\s+0\.0%\s+0\.0%\s+\+0\.90%$/);
    expect(lines[4]).toMatch(/^Base\s+N\/A\s+no data\s+-\s+-\s+-\s+-$/);
  });

  it('says when there is no silver price yet', () => {
    expect(pegView({ days: 1, silver_price: null, chains: [] }).heading).toBe('XSD vs silver (no silver price yet), last 1 day');
  });
});
