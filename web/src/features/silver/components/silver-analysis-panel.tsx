import { formatChangePercent, formatSilverPrice } from '@xsd/contracts/rules/format';
import {
  dataQuality,
  rangePosition,
  rangeVariation,
  volatilityLabel,
  type TrendStats,
} from '@xsd/contracts/rules/silver-analysis';
import { Panel } from '../../../components/ui/panel';

const TREND_TEXT = { up: '▲ Up', down: '▼ Down', neutral: '■ Neutral' } as const;
const TREND_CLASS = { up: 'ok', down: 'err', neutral: 'muted' } as const;
const VOLATILITY_CLASS = { Low: 'ok', Moderate: 'warn', High: 'err' } as const;
const QUALITY_CLASS = { Excellent: 'ok', Good: 'ok', Limited: 'warn', 'No Data': 'err' } as const;

/** Volatility, price range with the current position, and trend (ranges over 1 day). */
export function SilverAnalysisPanel({ stats, current }: { readonly stats: TrendStats; readonly current: number | null }) {
  const label = volatilityLabel(stats.volatility);
  const position = rangePosition(current ?? stats.low, stats.low, stats.high);
  return (
    <Panel title="Analysis" testId="silver-analysis">
      <dl className="kv">
        <dt>Volatility</dt>
        <dd className={VOLATILITY_CLASS[label]}>
          {stats.volatility.toFixed(2)}% · {label}
        </dd>
        <dt>Price range</dt>
        <dd>
          {formatSilverPrice(stats.low)} – {formatSilverPrice(stats.high)}
        </dd>
        <dt>Trend</dt>
        <dd className={TREND_CLASS[stats.trend]}>
          {TREND_TEXT[stats.trend]} ({formatChangePercent(stats.changePercent)})
        </dd>
        <dt>Moving average</dt>
        <dd>{formatSilverPrice(stats.movingAverage)}</dd>
      </dl>
      <div
        className="range-position"
        role="meter"
        aria-label="Current price within the range (low to high)"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(position)}
      >
        <span className="range-position__end">L</span>
        <span className="range-position__track">
          <span className="range-position__marker" style={{ left: `${position}%` }} />
        </span>
        <span className="range-position__end">H</span>
      </div>
    </Panel>
  );
}

/** Point count, range variation and data quality. */
export function SilverDataSummary({ pointCount, stats }: { readonly pointCount: number; readonly stats: TrendStats | null }) {
  const quality = dataQuality(pointCount);
  return (
    <Panel title="Data Summary" testId="silver-data-summary">
      <dl className="kv">
        <dt>Data points</dt>
        <dd>{pointCount}</dd>
        <dt>Range variation</dt>
        <dd>{stats ? `${rangeVariation(stats.high, stats.low).toFixed(2)}%` : 'N/A'}</dd>
        <dt>Data quality</dt>
        <dd className={QUALITY_CLASS[quality]} data-testid="silver-data-quality">
          {quality}
        </dd>
      </dl>
    </Panel>
  );
}
