import type { ChainPegHealthEntry } from '../api/peg.js';

/** Test data of one chain's peg health (the web panel's and the CLI's): no readings unless given. */
export function pegHealthEntryFixture(chain_name: ChainPegHealthEntry['chain_name'], overrides: Partial<ChainPegHealthEntry> = {}): ChainPegHealthEntry {
  return {
    chain_name,
    current: null,
    tier: null,
    worst: null,
    shares: { good: 0, warning: 0, error: 0 },
    measured_ms: 0,
    points: [],
    ...overrides,
  };
}
