import { biggestMovers } from '@xsd/contracts/rules/biggest-mover';
import { formatChangePercent, formatUsd } from '@xsd/contracts/rules/format';
import { Panel } from '../../../components/ui/panel';
import { useLatestPrices } from '../api/get-latest-prices';
import './prices.css';

/** The 24 h biggest gainers: shown only when the top gain exceeds 0.1 %. */
export function BiggestMover({ testId }: { readonly testId?: string }) {
  const latest = useLatestPrices();
  const movers = biggestMovers(latest.data?.items ?? []);
  if (movers.length === 0) return null;
  return (
    <Panel title="Biggest Mover · 24h" tone="success" testId={testId}>
      <ul className="movers">
        {movers.map((mover) => (
          <li key={mover.chain} className="movers__item">
            <span className="movers__arrow ok" aria-hidden="true">
              ▲
            </span>
            <span className="movers__token">{mover.token}</span>
            <span className="muted">on</span>
            <span>{mover.chain}</span>
            <span className="ok movers__change">{formatChangePercent(mover.change)}</span>
            <span className="muted">{formatUsd(mover.price)}</span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
