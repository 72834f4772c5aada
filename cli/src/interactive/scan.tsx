import type { WalletScanResponse } from '@xsd/contracts/api/wallets';
import { ScanScreen, type ScanScreenProps } from '../components/ScanScreen.js';
import { runApp } from '../output/ink-runtime.js';

/** Runs the scan under its progress screen; resolves with the scan, or rejects with its error. */
export async function runScanScreen(plan: Pick<ScanScreenProps, 'pending' | 'source' | 'run'>): Promise<WalletScanResponse> {
  let outcome: { readonly scan: WalletScanResponse } | { readonly error: unknown } | null = null;
  await runApp(<ScanScreen {...plan} onDone={(result) => (outcome = result)} />);
  const settled = outcome as { readonly scan: WalletScanResponse } | { readonly error: unknown } | null;
  if (settled === null) throw new Error('Scan stopped.');
  if ('error' in settled) throw settled.error;
  return settled.scan;
}
