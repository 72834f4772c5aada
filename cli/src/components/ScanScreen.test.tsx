import type { WalletChainResult, WalletScanResponse } from '@xsd/contracts/api/wallets';
import { render } from 'ink-testing-library';
import { describe, expect, it, vi } from 'vitest';
import { demoScan } from '../testing/fixtures.js';
import { plain } from '../testing/ink.js';
import { pendingProgress } from '../views/scan-view.js';
import { ScanScreen } from './ScanScreen.js';

/** A scan the test settles chain by chain. */
function controlledScan() {
  let report: (result: WalletChainResult) => void = () => undefined;
  let finish: (scan: WalletScanResponse) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const run = vi.fn(
    (onChain: (result: WalletChainResult) => void) =>
      new Promise<WalletScanResponse>((resolve, reject) => {
        report = onChain;
        finish = resolve;
        fail = reject;
      }),
  );
  return { run, report: (r: WalletChainResult) => report(r), finish: (s: WalletScanResponse) => finish(s), fail: (e: Error) => fail(e) };
}

/**
 * What stays on screen: the last frame that drew something. The screen exits right after its
 * final frame, and Ink then writes an empty one, so lastFrame() alone races the exit.
 */
const lastDrawn = (frames: readonly string[]) => plain(frames.filter((frame) => frame.trim() !== '').at(-1) ?? '');

describe('ScanScreen', () => {
  it('shows per-chain progress while the scan runs, then the report', async () => {
    const scan = controlledScan();
    const onDone = vi.fn();
    const { lastFrame, frames } = render(<ScanScreen pending={pendingProgress(['Ethereum', 'BSC'])} source="through the API" run={scan.run} onDone={onDone} />);
    expect(plain(lastFrame())).toContain('Scanning Networks... 0/2 (through the API)');

    scan.report({ chain: 'BSC', status: 'ok', balances: { XSD: 10, BankX: 250 }, block_number: 3 });
    await vi.waitFor(() => expect(plain(lastFrame())).toContain('Scanning Networks... 1/2'));
    expect(plain(lastFrame())).toMatch(/✓\s+BSC\s+10 XSD, 250 BankX/);

    const result = demoScan();
    scan.finish(result);
    await vi.waitFor(() => expect(lastDrawn(frames)).toContain('Total value $805.70'));
    expect(onDone).toHaveBeenCalledWith({ scan: result });
    expect(scan.run).toHaveBeenCalledTimes(1);
  });

  it('hands a failure back (printed on stderr by the command), keeping the progress on screen', async () => {
    const scan = controlledScan();
    const onDone = vi.fn();
    const { frames } = render(<ScanScreen pending={pendingProgress(['Ethereum'])} source="through the API" run={scan.run} onDone={onDone} />);
    const error = new Error('Cannot reach the Silverboard API');
    scan.fail(error);
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith({ error }));
    expect(lastDrawn(frames)).toContain('Scanning Networks... 0/1');
    expect(frames.some((frame) => plain(frame).includes('Cannot reach'))).toBe(false);
  });
});
