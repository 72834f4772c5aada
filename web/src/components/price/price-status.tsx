import './price-status.css';
import { isStalePrice, PRICE_STALE_AFTER_MS } from '@xsd/contracts/api/health';
import { PRICE_STATUS_REFRESH_MS, priceStatusText } from '@xsd/contracts/rules/price-status';
import { useNow } from '../../lib/use-now';

/**
 * 'Current' under 60 s old, otherwise '3 minutes ago'; refreshed every second. A price older than
 * two ticks is marked stale (the ingestor has published nothing newer), never shown as current.
 */
export function PriceStatus({ timestamp, className }: { readonly timestamp: string | null; readonly className?: string }) {
  const now = useNow(PRICE_STATUS_REFRESH_MS, timestamp !== null);
  if (timestamp === null) return <span className={`price-status price-status--none ${className ?? ''}`}>No data yet</span>;
  const text = priceStatusText(timestamp, now);
  const stale = isStalePrice(timestamp, now);
  const tone = stale ? ' price-status--stale' : text === 'Current' ? ' price-status--current' : '';
  return (
    <time
      className={`price-status${tone}${className ? ` ${className}` : ''}`}
      dateTime={timestamp}
      title={`${new Date(timestamp).toLocaleString()}${stale ? ` (stale: no newer price for over ${PRICE_STALE_AFTER_MS / 1_000} s)` : ''}`}
      data-testid="price-status"
      data-stale={stale}
    >
      {text}
    </time>
  );
}
