import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { demoScan } from '../testing/fixtures.js';
import { plain } from '../testing/ink.js';
import { scanView } from '../views/scan-view.js';
import { ScanReport } from './ScanReport.js';

describe('ScanReport', () => {
  it('shows balances and values, allocation, networks, tier, risk, diversification and advice', () => {
    const frame = plain(render(<ScanReport view={scanView(demoScan())} />).lastFrame());
    expect(frame).toContain('Portfolio of 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266, scanned 2026-05-01 12:00 UTC');
    expect(frame).toMatch(/XSD\s+Avalanche\s+10\s+\$1\.01\s+\$10\.10\s+\+1\.00% Slight deviation/);
    expect(frame).toMatch(/BankX\s+Avalanche\s+250\s+\$0\.42\s+\$105\.00/);
    expect(frame).toContain('Total value $805.70');
    expect(frame).toMatch(/BankX\s+91\.2%\s+\$735\.00\s+1,750/);
    expect(frame).toContain('+1 more network');
    expect(frame).toMatch(/Holdings tier\s+Holder \(70 XSD\)/);
    expect(frame).toMatch(/Risk score\s+91 \/ 100 Aggressive/);
    expect(frame).toMatch(/Diversification\s+100 \/ 100 good/);
    expect(frame).toMatch(/Advice\s+Your portfolio is heavily weighted toward BankX/);
  });

  it('shows the Scan Error next to the chains that worked', () => {
    const frame = plain(render(<ScanReport view={scanView(demoScan(['Base']))} />).lastFrame());
    expect(frame).toMatch(/Base\s+failed\s+-\s+-/);
    expect(frame).toContain('✗ Scan Error: Failed to fetch some balances. Please try again. (Base could not be read)');
  });
});
