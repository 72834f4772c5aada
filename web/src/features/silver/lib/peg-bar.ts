import type { BandShares } from '@xsd/contracts/api/peg';

export const PEG_BAR_CELLS = 20;

/** The cells of a text bar for each band; all 0 when nothing was measured. Cells always add up. */
export function pegBarCells(shares: BandShares, cells = PEG_BAR_CELLS): BandShares {
  const total = shares.good + shares.warning + shares.error;
  if (!(total > 0)) return { good: 0, warning: 0, error: 0 };
  const good = Math.round((shares.good / total) * cells);
  const warning = Math.min(cells - good, Math.round((shares.warning / total) * cells));
  return { good, warning, error: cells - good - warning };
}
