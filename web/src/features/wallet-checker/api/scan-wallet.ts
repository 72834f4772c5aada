import { useMutation } from '@tanstack/react-query';
import type { WalletScanResponse } from '@xsd/contracts/api/wallets';
import { getJson } from '../../../lib/api-client';

/** A scan reads every chain (each with its own 10 s time-out and retries): give it time. */
const SCAN_TIMEOUT_MS = 90_000;

export function scanWallet(address: string): Promise<WalletScanResponse> {
  return getJson<WalletScanResponse>(`/api/wallets/${encodeURIComponent(address)}`, { timeoutMs: SCAN_TIMEOUT_MS, cache: 'no-store' });
}

/** A scan is the visitor's explicit action under a cooldown, never a background refetch. */
export function useScanWallet() {
  return useMutation({ mutationKey: ['wallet-scan'], mutationFn: scanWallet });
}
