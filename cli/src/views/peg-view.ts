import type { PegHealthResponse } from '@xsd/contracts/api/peg';
import { formatChangePercent, formatSilverPrice } from '@xsd/contracts/rules/format';
import { DEVIATION_TIER_LABELS, type DeviationTier } from '@xsd/contracts/rules/peg-deviation';
import type { Tone } from '../theme.js';
import type { ViewRow } from './view-types.js';

export const PEG_COLUMNS = ['CHAIN', 'NOW', 'BAND', 'ON PEG <1%', 'SLIGHT <=5%', 'OFF >5%', 'WORST'] as const;

const TIER_TONE: Readonly<Record<DeviationTier, Tone>> = { good: 'positive', warning: 'warning', error: 'negative' };
const share = (value: number) => ({ text: `${(value * 100).toFixed(1)}%`, align: 'right' as const });

export interface PegView {
  readonly heading: string;
  readonly rows: readonly ViewRow[];
}

/** `xsd peg`: each chain's deviation now, its band, and the share of the window in each band. */
export function pegView(peg: PegHealthResponse): PegView {
  return {
    heading: `XSD vs silver (${peg.silver_price === null ? 'no silver price yet' : `${formatSilverPrice(peg.silver_price)}/g`}), last ${peg.days} day${peg.days === 1 ? '' : 's'}`,
    rows: peg.chains.map((chain): ViewRow => {
      const measured = chain.measured_ms > 0;
      const none = { text: '-', align: 'right' as const, tone: 'muted' as const };
      return {
        key: chain.chain_name,
        cells: [
          { text: chain.chain_name },
          { text: formatChangePercent(chain.current), align: 'right', tone: chain.tier ? TIER_TONE[chain.tier] : 'muted' },
          { text: chain.tier ? DEVIATION_TIER_LABELS[chain.tier] : 'no data', tone: chain.tier ? TIER_TONE[chain.tier] : 'muted' },
          measured ? { ...share(chain.shares.good), tone: 'positive' } : none,
          measured ? { ...share(chain.shares.warning), tone: 'warning' } : none,
          measured ? { ...share(chain.shares.error), tone: 'negative' } : none,
          measured ? { text: formatChangePercent(chain.worst), align: 'right' } : none,
        ],
      };
    }),
  };
}
