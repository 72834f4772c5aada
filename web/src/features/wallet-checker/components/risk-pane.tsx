import type { PortfolioAnalysis } from '@xsd/contracts/rules/portfolio-analysis';

const DIVERSIFICATION_CLASS = { good: 'ok', moderate: 'warn', low: 'err' } as const;

/** The risk score and the diversification score. */
export function RiskPane({ analysis }: { readonly analysis: PortfolioAnalysis }) {
  return (
    <dl className="kv">
      <dt>Risk score</dt>
      <dd data-testid="risk-score">{analysis.risk ? `${analysis.risk.score}/100 · ${analysis.risk.label}` : '–'}</dd>
      <dt>Diversification</dt>
      <dd data-testid="diversification" className={DIVERSIFICATION_CLASS[analysis.diversification.label]}>
        {analysis.diversification.score}/100 · {analysis.diversification.label}
      </dd>
    </dl>
  );
}
