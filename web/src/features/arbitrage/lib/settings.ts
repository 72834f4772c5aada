import { CHAIN_NAMES } from '@xsd/contracts';
import { normalizeArbitrageSettings, type ArbitrageSettings } from '@xsd/contracts/rules/arbitrage';
import { useStoredJson } from '../../../lib/storage';

/** The spec keeps the arbitrage settings in the browser; it does not name the key. */
export const ARBITRAGE_SETTINGS_KEY = 'arbitrage-settings';

/** Whatever is stored, checked field by field, defaults for the rest. */
export const parseArbitrageSettings = (stored: unknown): ArbitrageSettings => normalizeArbitrageSettings(stored, CHAIN_NAMES);

export function useArbitrageSettings(): [ArbitrageSettings, (next: ArbitrageSettings) => void] {
  return useStoredJson(ARBITRAGE_SETTINGS_KEY, parseArbitrageSettings);
}
