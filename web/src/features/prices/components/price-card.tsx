import { DEFAULT_CHAIN_MAINTENANCE_MESSAGE, type LatestPrice } from '@xsd/contracts/api/prices';
import { formatChangePercent, formatCompact, formatCompactUsd, formatSilverPrice, formatUsd } from '@xsd/contracts/rules/format';
import { marketCapLabel, marketValue, marketValueTone } from '@xsd/contracts/rules/market-value';
import { DEVIATION_TIER_LABELS, flaggedDeviationTier, xsdDeviation } from '@xsd/contracts/rules/peg-deviation';
import { isStalePrice } from '@xsd/contracts/api/health';
import { CHART_FLASH_MS, PRICE_FLASH_MS } from '@xsd/contracts/rules/price-status';
import { useState } from 'react';
import { Sparkline } from '../../../components/charts/sparkline';
import { changeClass } from '../../../components/price/change-class';
import { PriceStatus } from '../../../components/price/price-status';
import { RangePicker } from '../../../components/ui/range-picker';
import { NO_CHART_DATA_MESSAGE } from '../../../config/messages';
import { SWAP_URL } from '../../../config/site';
import { useLiveStreamState } from '../../../lib/live-stream/live-stream-provider';
import { useFlash } from '../../../lib/use-flash';
import { useNow } from '../../../lib/use-now';
import { PRICE_RANGES, usePriceHistory, type PriceRangeDays } from '../api/get-price-history';
import { chartPointsFor, explorerTokenUrl, highLow, rowSupply } from '../lib/price-card';
import { TONE_CLASS } from '../lib/tone';

const DEVIATION_CLASS = { good: 'ok', warning: 'warn', error: 'err' } as const;

export interface PriceCardProps {
  readonly row: LatestPrice;
  /** Silver per gram, for XSD's deviation from its peg. */
  readonly silverPrice: number | null;
}

/** A chain's full price card: status, range, sparkline, high/low, supply and market value. */
export function PriceCard({ row, silverPrice }: PriceCardProps) {
  const [days, setDays] = useState<PriceRangeDays>(1);
  const hasPrice = row.price !== null && row.price > 0;
  const history = usePriceHistory(row.token_name, row.chain_name, days, hasPrice);
  const streamState = useLiveStreamState();
  const now = useNow(15_000);
  const flash = useFlash(row.price, PRICE_FLASH_MS);
  const chartUpdated = useFlash(history.dataUpdatedAt || null, CHART_FLASH_MS);
  const points = chartPointsFor(row, history.data, history.isError, now);
  const range = highLow(points);
  // Live only while the stream is up and the price is no older than two ticks.
  const live = streamState === 'connected' && !isStalePrice(row.timestamp, now);
  const maintenance = row.status === 'maintenance';
  const supply = hasPrice ? rowSupply(row) : null;
  const value = marketValue(row.price, supply);
  const isXsd = row.token_name === 'XSD';
  const deviation = isXsd ? xsdDeviation(row.price, silverPrice) : null;
  const tier = flaggedDeviationTier(deviation);
  const explorer = explorerTokenUrl(row.chain_name, row.token_name);
  const rangeLabel = PRICE_RANGES.find((r) => r.days === days)?.label ?? '24h';

  return (
    <article
      className={`price-card${maintenance ? ' price-card--maintenance' : ''}`}
      aria-label={`${row.token_name} on ${row.chain_name}`}
      data-testid={`card-${row.token_name}-${row.chain_name}`}
    >
      <header className="price-card__head">
        <h3 className="price-card__chain">{row.chain_name}</h3>
        <span className={`live-dot live-dot--${live ? 'on' : 'off'}`} data-testid="live-indicator" data-live={live}>
          <span aria-hidden="true">{live ? '●' : '○'}</span> {live ? 'Live' : 'Not live'}
        </span>
      </header>
      {maintenance ? (
        <div className="price-card__banner" role="note">
          <strong>[MAINT]</strong> {row.maintenance_message ?? DEFAULT_CHAIN_MAINTENANCE_MESSAGE}
          <br />
          <span className="muted">Trading may be limited; price data is still shown.</span>
        </div>
      ) : null}
      <p className="price-card__price-row">
        <span className={`price-card__price${flash ? ` flash flash--${flash}` : ''}`} data-testid="price">
          {formatUsd(row.price)}
        </span>{' '}
        <span className={changeClass(row.change_24h)}>{formatChangePercent(row.change_24h)}</span>{' '}
        <span className="muted">24h</span>
      </p>
      <p className="price-card__status">
        <PriceStatus timestamp={row.timestamp} />
      </p>
      <RangePicker options={PRICE_RANGES} value={days} onChange={setDays} label={`${row.chain_name} chart range`} />
      <div className="price-card__chart">
        {!hasPrice ? (
          <span className="muted">{NO_CHART_DATA_MESSAGE}</span>
        ) : history.isPending ? (
          <span className="muted" role="status">
            loading<span className="cursor">_</span>
          </span>
        ) : points.length === 0 ? (
          <span className="muted">{NO_CHART_DATA_MESSAGE}</span>
        ) : (
          <Sparkline points={points} label={`${row.token_name} on ${row.chain_name}, last ${rangeLabel}`} />
        )}
        {chartUpdated ? <span className="tag tag--new price-card__updated">updated</span> : null}
      </div>
      <dl className="kv">
        <dt>High {rangeLabel}</dt>
        <dd>{formatUsd(range?.high ?? null)}</dd>
        <dt>Low {rangeLabel}</dt>
        <dd>{formatUsd(range?.low ?? null)}</dd>
        <dt>Supply</dt>
        <dd>{formatCompact(supply)}</dd>
        <dt>Market value</dt>
        <dd>
          {value === null ? (
            'N/A'
          ) : (
            <span className={TONE_CLASS[marketValueTone(value)]}>
              {formatCompactUsd(value)} <span className="tag">{marketCapLabel(value)}</span>
            </span>
          )}
        </dd>
        {isXsd ? (
          <>
            <dt>vs silver</dt>
            <dd data-testid="deviation">
              {deviation === null ? (
                'N/A'
              ) : (
                <span className={tier ? DEVIATION_CLASS[tier] : 'muted'} title={`Silver ${formatSilverPrice(silverPrice)} per gram`}>
                  {formatChangePercent(deviation)} {tier ? <span className="tag">{DEVIATION_TIER_LABELS[tier]}</span> : null}
                </span>
              )}
            </dd>
          </>
        ) : null}
      </dl>
      <p className="price-card__links">
        {isXsd ? (
          <a href={SWAP_URL} target="_blank" rel="noopener noreferrer" className="btn btn--small btn--primary">
            Buy XSD ↗
          </a>
        ) : null}
        {explorer ? (
          <a href={explorer} target="_blank" rel="noopener noreferrer" className="btn btn--small">
            Contract ↗
          </a>
        ) : null}
      </p>
    </article>
  );
}
