import { formatUsd } from '@xsd/contracts/rules/format';
import { NETWORK_VIEW_LIMIT, type NetworkAllocation } from '@xsd/contracts/rules/portfolio-analysis';
import { NETWORK_PALETTE } from '../lib/palette';
import { formatShare } from '../lib/portfolio-format';
import { LazyPortfolioChart } from './lazy-portfolio-chart';

/** The portfolio's share per network (the largest ones): bars and their legend. */
export function NetworksPane({ networks }: { readonly networks: readonly NetworkAllocation[] }) {
  const topNetworks = networks.slice(0, NETWORK_VIEW_LIMIT);
  if (topNetworks.length === 0) return <p className="muted">No holdings on any network.</p>;
  return (
    <>
      <LazyPortfolioChart
        kind="bars"
        caption="Share of the portfolio per network"
        slices={topNetworks.map((n, i) => ({ label: n.chain, share: n.share, colour: NETWORK_PALETTE[i % NETWORK_PALETTE.length]! }))}
      />
      <ul className="wc-legend">
        {topNetworks.map((n, i) => (
          <li key={n.chain} data-testid={`network-${n.chain}`}>
            <span className={`wc-swatch wc-swatch--${i}`} aria-hidden="true">
              ■
            </span>{' '}
            {n.chain} <span className="muted">{formatShare(n.share)}</span> {formatUsd(n.value)}
          </li>
        ))}
      </ul>
    </>
  );
}
