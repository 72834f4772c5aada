import type { SilverLatestResponse } from '@xsd/contracts/api/prices';
import { formatChangePercent, formatSilverChange, formatSilverPrice } from '@xsd/contracts/rules/format';
import { CHART_FLASH_MS } from '@xsd/contracts/rules/price-status';
import { INSUFFICIENT_DATA_TEXT, type TrendStats } from '@xsd/contracts/rules/silver-analysis';
import { changeClass } from '../../../components/price/change-class';
import { PriceStatus } from '../../../components/price/price-status';
import { useFlash } from '../../../lib/use-flash';

export interface SilverStatCardsProps {
  readonly latest: SilverLatestResponse | undefined;
  readonly stats: TrendStats | null;
  readonly rangeLabel: string;
}

/** Current per gram, high and low of the range, and the change over it. */
export function SilverStatCards({ latest, stats, rangeLabel }: SilverStatCardsProps) {
  const current = latest?.current ?? null;
  const flash = useFlash(current, CHART_FLASH_MS / 2, 'up');
  return (
    <dl className="stat-grid stat-grid--cards" data-testid="silver-stats">
      <div className="stat">
        <dt>Current / gram</dt>
        <dd className={flash ? 'flash flash--up' : undefined} data-testid="silver-current">
          {formatSilverPrice(current)}
        </dd>
        <dd className="stat__sub">{latest ? <PriceStatus timestamp={latest.timestamp} /> : 'No data yet'}</dd>
      </div>
      <div className="stat">
        <dt>High · {rangeLabel}</dt>
        <dd>{formatSilverPrice(stats?.high ?? null)}</dd>
      </div>
      <div className="stat">
        <dt>Low · {rangeLabel}</dt>
        <dd>{formatSilverPrice(stats?.low ?? null)}</dd>
      </div>
      <div className="stat">
        <dt>Change · {rangeLabel}</dt>
        {stats?.changePercent === null || stats?.changePercent === undefined ? (
          <>
            <dd className="muted">N/A</dd>
            <dd className="stat__sub">{INSUFFICIENT_DATA_TEXT}</dd>
          </>
        ) : (
          <>
            <dd className={changeClass(stats.changePercent)}>{formatChangePercent(stats.changePercent)}</dd>
            <dd className="stat__sub">{formatSilverChange(stats.change)}</dd>
          </>
        )}
      </div>
    </dl>
  );
}
