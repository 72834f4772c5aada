import { parseSavedAddresses, type SavedAddress } from '@xsd/contracts/rules/wallet-scanner';
import { useStoredJson } from '../../../lib/storage';

/** The spec's local storage keys. */
export const SAVED_ADDRESSES_KEY = 'bankx-saved-addresses';
export const LAST_SCAN_KEY = 'bankx-last-wallet-update';

export function useSavedAddresses(): [SavedAddress[], (next: SavedAddress[]) => void] {
  return useStoredJson(SAVED_ADDRESSES_KEY, parseSavedAddresses);
}

const parseLastScan = (stored: unknown): number | null => (typeof stored === 'number' && Number.isFinite(stored) ? stored : null);

/** The stored last-scan time (ms since the epoch), shared by every tab. */
export function useLastScan(): [number | null, (at: number | null) => void] {
  return useStoredJson(LAST_SCAN_KEY, parseLastScan);
}
