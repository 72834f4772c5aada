import { NO_SILVER_DATA_MESSAGE } from '@xsd/contracts/api/prices';
import { formatChangePercent, formatSilverChange, formatSilverPrice } from '@xsd/contracts/rules/format';
import { PRICE_FLASH_MS } from '@xsd/contracts/rules/price-status';
import {
  MILESTONE_LABELS,
  SILVER_PROGRESS_TOP,
  silverMilestones,
  silverProgressPercent,
} from '@xsd/contracts/rules/silver-milestones';
import { useState } from 'react';
import { Link } from 'react-router';
import { changeClass } from '../../../components/price/change-class';
import { PriceStatus } from '../../../components/price/price-status';
import { PageLoading } from '../../../components/ui/page-loading';
import { Panel } from '../../../components/ui/panel';
import { PRICE_LOAD_FAILED_MESSAGE } from '../../../config/messages';
import { useFlash } from '../../../lib/use-flash';
import { isNoSilverData, useSilverLatest } from '../api/get-silver-latest';
import { ProgressBar } from './progress-bar';
import './silver.css';

/** Silver per gram with its 24 h change and the road to 1.50 USD; milestones when expanded. */
export function SilverMetrics({ testId }: { readonly testId?: string }) {
  const [expanded, setExpanded] = useState(false);
  const silver = useSilverLatest();
  const stats = silver.data;
  const price = stats?.current ?? null;
  // The spec flashes the silver price when it rises against the previous reading.
  const flash = useFlash(price, PRICE_FLASH_MS, 'up');

  let body;
  if (silver.isPending) body = <PageLoading label="Loading silver price" />;
  else if (!stats) {
    body = isNoSilverData(silver.error) ? (
      <p className="muted" role="status">
        {NO_SILVER_DATA_MESSAGE}
      </p>
    ) : (
      <p className="err" role="alert">
        {PRICE_LOAD_FAILED_MESSAGE}{' '}
        <button type="button" className="btn btn--small" onClick={() => void silver.refetch()}>
          Retry
        </button>
      </p>
    );
  } else {
    const progress = silverProgressPercent(price);
    body = (
      <>
        <div className="silver-row">
          <span className="silver-row__label">Silver / gram</span>
          <span className={`silver-row__price${flash ? ' flash flash--up' : ''}`} data-testid="silver-price">
            {formatSilverPrice(price)}
          </span>
          <span className={changeClass(stats.changePercent)}>{formatChangePercent(stats.changePercent)}</span>
          <span className="muted">24h</span>
          <PriceStatus timestamp={stats.timestamp} />
        </div>
        <ProgressBar percent={progress} label={`Progress toward $${SILVER_PROGRESS_TOP.toFixed(2)} per gram`} />
        {expanded ? (
          <>
            <dl className="stat-grid">
              <div className="stat">
                <dt>Current</dt>
                <dd>{formatSilverPrice(stats.current)}</dd>
              </div>
              <div className="stat">
                <dt>24H High</dt>
                <dd>{formatSilverPrice(stats.high24h)}</dd>
              </div>
              <div className="stat">
                <dt>24H Low</dt>
                <dd>{formatSilverPrice(stats.low24h)}</dd>
              </div>
              <div className="stat">
                <dt>24H Change</dt>
                <dd className={changeClass(stats.changePercent)}>
                  {formatChangePercent(stats.changePercent)} <span className="stat__sub">{formatSilverChange(stats.change24h)}</span>
                </dd>
              </div>
            </dl>
            <ol className="milestones" aria-label="Silver milestones">
              {silverMilestones(price).map((milestone) => (
                <li key={milestone.target} className={`milestone milestone--${milestone.status}`} data-testid="milestone">
                  <span className="milestone__target">${milestone.target.toFixed(2)}</span>
                  <span className="milestone__status">
                    {milestone.status === 'achieved' ? '✓ ' : milestone.status === 'next' ? '→ ' : '· '}
                    {MILESTONE_LABELS[milestone.status]}
                  </span>
                </li>
              ))}
            </ol>
            <p className="muted silver-more">
              <Link to="/silver-price">Silver price tracker →</Link>
            </p>
          </>
        ) : null}
      </>
    );
  }

  return (
    <Panel
      title="Silver Metrics"
      testId={testId}
      actions={
        <button type="button" className="btn btn--small" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? '[−] Collapse' : '[+] Expand'}
        </button>
      }
    >
      {body}
    </Panel>
  );
}
