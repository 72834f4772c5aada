import type { TokenAllocation } from '@xsd/contracts/rules/portfolio-analysis';
import { formatShare } from '../lib/portfolio-format';
import { TOKEN_COLOURS } from '../lib/palette';
import { LazyPortfolioChart } from './lazy-portfolio-chart';

/** XSD against BankX: the donut and the shares. */
export function AllocationPane({ allocation }: { readonly allocation: TokenAllocation }) {
  if (allocation.shares.XSD === null) return <p className="muted">No holdings to allocate.</p>;
  return (
    <>
      <LazyPortfolioChart
        kind="donut"
        caption="Token allocation"
        slices={(['XSD', 'BankX'] as const).map((token) => ({ label: token, share: allocation.shares[token] ?? 0, colour: TOKEN_COLOURS[token] }))}
      />
      <dl className="kv">
        <dt>XSD</dt>
        <dd data-testid="share-XSD">{formatShare(allocation.shares.XSD)}</dd>
        <dt>BankX</dt>
        <dd data-testid="share-BankX">{formatShare(allocation.shares.BankX)}</dd>
        <dt>Measured by</dt>
        <dd>{allocation.basis === 'value' ? 'USD value' : 'balance (no prices yet)'}</dd>
      </dl>
    </>
  );
}
