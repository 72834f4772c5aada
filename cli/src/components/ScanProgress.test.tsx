import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { plain } from '../testing/ink.js';
import { ScanProgress } from './ScanProgress.js';

describe('ScanProgress', () => {
  it('shows each chain scanning, done or failed, and the count', () => {
    const { lastFrame, unmount } = render(
      <ScanProgress
        source="devnet chains directly"
        chains={[
          { chain: 'Ethereum', state: 'ok', detail: '10 XSD, 250 BankX' },
          { chain: 'BSC', state: 'failed', detail: 'BSC: every RPC endpoint failed' },
          { chain: 'Base', state: 'scanning', detail: 'scanning…' },
        ]}
      />,
    );
    const lines = plain(lastFrame()).split('\n');
    expect(lines[0]).toBe('Scanning Networks... 2/3 (devnet chains directly)');
    expect(lines[1]).toMatch(/^✓\s+Ethereum\s+10 XSD, 250 BankX$/);
    expect(lines[2]).toMatch(/^✗\s+BSC\s+BSC: every RPC endpoint failed$/);
    expect(lines[3]).toMatch(/^.\s+Base\s+scanning…$/);
    unmount();
  });
});
