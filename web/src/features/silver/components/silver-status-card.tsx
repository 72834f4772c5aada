import { PriceStatus } from '../../../components/price/price-status';
import { Panel, type PanelTone } from '../../../components/ui/panel';
import { REFRESH } from '../../../config/site';
import { useLiveStreamState } from '../../../lib/live-stream/live-stream-provider';
import { isNoSilverData, useSilverLatest } from '../api/get-silver-latest';

type ServiceStatus = 'Active' | 'Waiting for Silver Data' | 'Service Offline';

const TONE: Readonly<Record<ServiceStatus, PanelTone>> = {
  Active: 'success',
  'Waiting for Silver Data': 'warning',
  'Service Offline': 'error',
};

/** The price service as this page sees it, re-read every 5 s. */
export function SilverStatusCard() {
  const silver = useSilverLatest({ refetchInterval: REFRESH.statusCard });
  const stream = useLiveStreamState();
  const status: ServiceStatus | null = silver.data
    ? 'Active'
    : isNoSilverData(silver.error)
      ? 'Waiting for Silver Data'
      : silver.isError
        ? 'Service Offline'
        : null;
  return (
    <Panel title="Service Status" tone={status ? TONE[status] : 'default'} testId="silver-status">
      <p className="status-line-text">
        <span aria-hidden="true">{status === 'Active' ? '●' : status === 'Service Offline' ? '✕' : '○'}</span>{' '}
        <strong data-testid="silver-service-status">{status ?? 'Checking…'}</strong>
      </p>
      <dl className="kv">
        <dt>Last update</dt>
        <dd>{silver.data ? <PriceStatus timestamp={silver.data.timestamp} /> : 'N/A'}</dd>
        <dt>Source</dt>
        <dd>{silver.data?.source ?? 'N/A'}</dd>
        <dt>Live updates</dt>
        <dd>{stream}</dd>
      </dl>
    </Panel>
  );
}
