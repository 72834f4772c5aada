import { formatUsd } from '@xsd/contracts/rules/format';
import { PORTFOLIO_ADVICE, type PortfolioAnalysis } from '@xsd/contracts/rules/portfolio-analysis';
import { Panel } from '../../../components/ui/panel';
import { formatBalance } from '../lib/portfolio-format';

/** Each token's balance and value, the total, the holdings tier and the advice. */
export function SummaryPane({ analysis, totalValue }: { readonly analysis: PortfolioAnalysis; readonly totalValue: number }) {
  const { allocation } = analysis;
  return (
    <>
      <div className="stat-grid wc-cards">
        {(['XSD', 'BankX'] as const).map((token) => (
          <dl className="stat" key={token} data-testid={`balance-${token}`}>
            <dt>{token} balance</dt>
            <dd>{formatBalance(allocation.balances[token])}</dd>
            <dd className="muted wc-sub">{formatUsd(allocation.values[token])}</dd>
          </dl>
        ))}
      </div>
      <Panel title="Portfolio" level={3}>
        <dl className="kv">
          <dt>Total value</dt>
          <dd data-testid="total-value">{formatUsd(totalValue)}</dd>
          <dt>Holdings tier</dt>
          <dd data-testid="holdings-tier">{analysis.holdingsTier ?? 'None'}</dd>
          <dt>Networks</dt>
          <dd>{analysis.networks.length}</dd>
        </dl>
        {analysis.advice ? <p>{PORTFOLIO_ADVICE[analysis.advice]}</p> : <p className="muted">No XSD or BankX found on the scanned networks.</p>}
      </Panel>
    </>
  );
}
