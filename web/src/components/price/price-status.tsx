import './price-status.css';
import { PRICE_STATUS_REFRESH_MS, priceStatusText } from '@xsd/contracts/rules/price-status';
import { useNow } from '../../lib/use-now';

/** 'Current' under 60 s old, otherwise '3 minutes ago'; refreshed every second. */
export function PriceStatus({ timestamp, className }: { readonly timestamp: string | null; readonly className?: string }) {
  const now = useNow(PRICE_STATUS_REFRESH_MS, timestamp !== null);
  if (timestamp === null) return <span className={`price-status price-status--none ${className ?? ''}`}>No data yet</span>;
  const text = priceStatusText(timestamp, now);
  return (
    <time
      className={`price-status${text === 'Current' ? ' price-status--current' : ''}${className ? ` ${className}` : ''}`}
      dateTime={timestamp}
      title={new Date(timestamp).toLocaleString()}
      data-testid="price-status"
    >
      {text}
    </time>
  );
}
