import type { TokenName } from '@xsd/contracts/chains/names';
import { useState } from 'react';
import { PageLoading } from '../../../components/ui/page-loading';
import { Panel } from '../../../components/ui/panel';
import { PRICE_LOAD_FAILED_MESSAGE } from '../../../config/messages';
import { useLatestPrices } from '../api/get-latest-prices';
import { comingSoonChains } from '../lib/price-card';
import { ChainTile } from './chain-tile';
import { PriceCard } from './price-card';
import './prices.css';

export interface TokenPanelProps {
  readonly token: TokenName;
  /** Silver per gram (XSD's peg), from the silver feature. */
  readonly silverPrice: number | null;
  readonly testId?: string;
}

/** XSD or BankX on every chain: a compact grid, or a full card per chain when expanded. */
export function TokenPanel({ token, silverPrice, testId }: TokenPanelProps) {
  const [expanded, setExpanded] = useState(false);
  const latest = useLatestPrices();
  const rows = latest.data?.items.filter((row) => row.token_name === token) ?? [];
  const bodyId = `token-panel-${token}`;

  let body;
  if (latest.isPending) body = <PageLoading label={`Loading ${token} prices`} />;
  else if (latest.isError && !latest.data) {
    body = (
      <p className="err" role="alert">
        {PRICE_LOAD_FAILED_MESSAGE}{' '}
        <button type="button" className="btn btn--small" onClick={() => void latest.refetch()}>
          Retry
        </button>
      </p>
    );
  } else if (rows.length === 0) body = <p className="muted">No {token} prices yet.</p>;
  else if (!expanded) {
    body = (
      <ul className="chain-tiles" aria-label={`${token} price per chain`}>
        {rows.map((row) => (
          <ChainTile key={row.chain_name} row={row} />
        ))}
      </ul>
    );
  } else {
    body = (
      <>
        <div className="price-cards">
          {rows.map((row) => (
            <PriceCard key={row.chain_name} row={row} silverPrice={silverPrice} />
          ))}
        </div>
        <section className="coming-soon" aria-label={`${token}: Coming Soon`}>
          <h3 className="coming-soon__title">Coming Soon</h3>
          <ul className="coming-soon__list">
            {comingSoonChains().map((chain) => (
              <li key={chain} className="coming-soon__chain">
                {chain} <span className="tag tag--muted">Soon</span>
              </li>
            ))}
          </ul>
        </section>
      </>
    );
  }

  return (
    <Panel
      title={`${token} Prices`}
      testId={testId}
      actions={
        <button
          type="button"
          className="btn btn--small"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => setExpanded(!expanded)}
          data-testid={`toggle-${token}`}
        >
          {expanded ? '[−] Collapse' : '[+] Expand'}
        </button>
      }
    >
      <div id={bodyId}>{body}</div>
    </Panel>
  );
}
