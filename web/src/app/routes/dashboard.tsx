import { useState, type ReactNode } from 'react';
import { ErrorBoundary } from '../../components/errors/error-boundary';
import { Page } from '../../components/ui/page';
import { CustomizeModal } from '../../features/dashboard/components/customize-modal';
import { DashboardMeta } from '../../features/dashboard/components/dashboard-meta';
import { useDashboardPreferences } from '../../features/dashboard/hooks/use-dashboard-preferences';
import { DASHBOARD_WIDGETS, visibleWidgets, type WidgetId } from '../../features/dashboard/lib/preferences';
import { Announcements } from '../../features/news/components/announcements';
import { useLatestPrices } from '../../features/prices/api/get-latest-prices';
import { BiggestMover } from '../../features/prices/components/biggest-mover';
import { LivePriceAnnouncer } from '../../features/prices/components/live-price-announcer';
import { PredictionWidget } from '../../features/prices/components/prediction-widget';
import { TokenPanel } from '../../features/prices/components/token-panel';
import { useLivePrices } from '../../features/prices/hooks/use-live-prices';
import { useSilverLatest } from '../../features/silver/api/get-silver-latest';
import { SilverMetrics } from '../../features/silver/components/silver-metrics';
import { useLiveSilver } from '../../features/silver/hooks/use-live-silver';

/**
 * The price dashboard: widgets in the visitor's order (breaking news always first), each in its
 * own error boundary, kept live by the price and silver streams.
 */
export default function DashboardRoute() {
  useLivePrices();
  useLiveSilver();
  const preferences = useDashboardPreferences();
  const [customizing, setCustomizing] = useState(false);
  const latest = useLatestPrices();
  const silver = useSilverLatest();
  const silverPrice = silver.data?.current ?? null;

  const widgets: Readonly<Record<WidgetId, ReactNode>> = {
    'breaking-news': <Announcements />,
    'silver-metrics': <SilverMetrics testId="widget-silver-metrics" />,
    'biggest-mover': <BiggestMover testId="widget-biggest-mover" />,
    'ai-prediction': <PredictionWidget testId="widget-ai-prediction" />,
    'xsd-prices': <TokenPanel token="XSD" silverPrice={silverPrice} testId="widget-xsd-prices" />,
    'bankx-prices': <TokenPanel token="BankX" silverPrice={silverPrice} testId="widget-bankx-prices" />,
  };

  return (
    <Page
      testId="page-dashboard"
      title="Dashboard"
      subtitle="XSD and BankX across seven networks, pegged to one gram of silver."
      actions={
        <button type="button" className="btn btn--small" onClick={() => setCustomizing(true)} data-testid="customize">
          Customize
        </button>
      }
    >
      <DashboardMeta lastUpdated={Math.max(latest.dataUpdatedAt, silver.dataUpdatedAt)} />
      <LivePriceAnnouncer />
      <div className="dashboard-widgets">
        {visibleWidgets(preferences.entries).map((id) => (
          <ErrorBoundary key={id} region={DASHBOARD_WIDGETS.find((w) => w.id === id)!.label}>
            {widgets[id]}
          </ErrorBoundary>
        ))}
      </div>
      <CustomizeModal open={customizing} onClose={() => setCustomizing(false)} preferences={preferences} />
    </Page>
  );
}
