import type { ArbitrageOpportunity } from '@xsd/contracts/rules/arbitrage';
import { formatChangePercent, formatUsd } from '@xsd/contracts/rules/format';
import { SWAP_URL } from '../../../config/site';

/** The trading app's swap page for a network. */
export function swapLink(chain: string): string {
  const url = new URL(SWAP_URL);
  url.searchParams.set('chain', chain.toLowerCase());
  return url.href;
}

export interface OpportunityCardProps {
  readonly opportunity: ArbitrageOpportunity;
  readonly best: boolean;
  readonly tradeAmount: number;
}

/** One route: buy on the source network, sell on the target, with the gain before fees. */
export function OpportunityCard({ opportunity: o, best, tradeAmount }: OpportunityCardProps) {
  return (
    <li className={`opportunity${best ? ' opportunity--best' : ''}`} data-testid="opportunity">
      <div className="opportunity__head">
        <span className="opportunity__route">
          {o.source} <span aria-hidden="true">→</span>
          <span className="sr-only"> to</span> {o.target}
        </span>
        {best ? <span className="tag tag--new">Best Opportunity</span> : null}
      </div>
      <dl className="opportunity__facts">
        <div>
          <dt>Buy on {o.source}</dt>
          <dd>{formatUsd(o.sourcePrice)}</dd>
        </div>
        <div>
          <dt>Sell on {o.target}</dt>
          <dd>{formatUsd(o.targetPrice)}</dd>
        </div>
        <div>
          <dt>Spread</dt>
          <dd className="ok">{formatChangePercent(o.percentage)}</dd>
        </div>
        <div>
          <dt>Profit on {formatUsd(tradeAmount)}</dt>
          <dd className="ok" data-testid="profit">
            {formatUsd(o.profit)}
          </dd>
        </div>
      </dl>
      <p className="opportunity__links">
        <a className="btn btn--small btn--primary" href={swapLink(o.source)} target="_blank" rel="noopener noreferrer">
          Buy on {o.source} ↗
        </a>
        <a className="btn btn--small" href={swapLink(o.target)} target="_blank" rel="noopener noreferrer">
          Sell on {o.target} ↗
        </a>
      </p>
    </li>
  );
}
