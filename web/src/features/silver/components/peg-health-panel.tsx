import type { ChainPegHealthEntry } from '@xsd/contracts/api/peg';
import { formatChangePercent, NOT_AVAILABLE } from '@xsd/contracts/rules/format';
import { DEVIATION_TIER_LABELS, PEG_GOOD_BELOW_PERCENT, PEG_WARNING_UP_TO_PERCENT } from '@xsd/contracts/rules/peg-deviation';
import { Panel } from '../../../components/ui/panel';
import { usePegHealth } from '../api/get-peg-health';
import { PEG_BAR_CELLS, pegBarCells } from '../lib/peg-bar';

const TIER_CLASS = { good: 'ok', warning: 'warn', error: 'err' } as const;
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

function ChainRow({ chain }: { readonly chain: ChainPegHealthEntry }) {
  const cells = pegBarCells(chain.shares);
  const measured = chain.measured_ms > 0;
  return (
    <li className="peg-row" data-testid={`peg-${chain.chain_name}`}>
      <div className="peg-row__head">
        <span className="peg-row__chain">{chain.chain_name}</span>
        <span className={chain.tier ? TIER_CLASS[chain.tier] : 'muted'} data-testid="peg-current">
          {formatChangePercent(chain.current)}
          {chain.tier ? ` · ${DEVIATION_TIER_LABELS[chain.tier]}` : ''}
        </span>
      </div>
      {measured ? (
        <>
          <div className="peg-row__bar" aria-hidden="true">
            [<span className="ok">{'█'.repeat(cells.good)}</span>
            <span className="warn">{'▓'.repeat(cells.warning)}</span>
            <span className="err">{'▒'.repeat(cells.error)}</span>]
          </div>
          <p className="peg-row__shares" data-testid="peg-shares">
            <span className="ok">{percent(chain.shares.good)} on peg</span> ·{' '}
            <span className="warn">{percent(chain.shares.warning)} slight</span> ·{' '}
            <span className="err">{percent(chain.shares.error)} off</span>
            <span className="muted"> · worst {formatChangePercent(chain.worst)}</span>
          </p>
        </>
      ) : (
        <p className="muted peg-row__shares">No readings in this range.</p>
      )}
    </li>
  );
}

/**
 * Silver-peg health (beyond the spec): each chain's XSD deviation from the silver gram price over
 * the chart's range, and the share of that time in each band (computed on the server).
 */
export function PegHealthPanel({ days, rangeLabel }: { readonly days: number; readonly rangeLabel: string }) {
  const peg = usePegHealth(days);
  return (
    <Panel title={`Peg health · ${rangeLabel}`} testId="peg-health">
      <p className="muted peg-legend">
        XSD against the silver gram price: <span className="ok">under {PEG_GOOD_BELOW_PERCENT}% on peg</span>,{' '}
        <span className="warn">up to {PEG_WARNING_UP_TO_PERCENT}% slight deviation</span>, <span className="err">beyond, off peg</span>. Bars
        show the share of time ({PEG_BAR_CELLS} cells).
      </p>
      {peg.isPending ? (
        <p role="status" className="muted">
          Loading peg health<span className="cursor">_</span>
        </p>
      ) : null}
      {peg.isError && !peg.data ? (
        <p role="alert" className="err">
          Failed to load peg health. Please try again.
        </p>
      ) : null}
      {peg.data && peg.data.silver_price === null ? <p className="muted">{NOT_AVAILABLE}: no silver price yet.</p> : null}
      {peg.data ? (
        <ul className="peg-list">
          {peg.data.chains.map((chain) => (
            <ChainRow key={chain.chain_name} chain={chain} />
          ))}
        </ul>
      ) : null}
    </Panel>
  );
}
