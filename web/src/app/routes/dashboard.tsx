import { ErrorBoundary } from '../../components/errors/error-boundary';
import { PageHeader } from '../../components/ui/page-header';
import { Panel } from '../../components/ui/panel';
import { Announcements } from '../../features/news/components/announcements';

/** Widgets of the dashboard in the spec's default order (breaking news is first). */
const UPCOMING_WIDGETS = [
  { id: 'silver-metrics', title: 'Silver metrics', text: 'Silver price per gram, 24h change and progress toward 1.50 USD.' },
  { id: 'biggest-mover', title: 'Biggest mover', text: 'The largest 24h gains across chains.' },
  { id: 'ai-prediction', title: 'AI prediction (beta)', text: 'A 7-day illustrative projection per token and chain.' },
  { id: 'xsd-prices', title: 'XSD prices', text: 'XSD on every network, with its deviation from silver.' },
  { id: 'bankx-prices', title: 'BankX prices', text: 'BankX on every network.' },
] as const;

export default function DashboardRoute() {
  return (
    <div className="page" data-testid="page-dashboard">
      <PageHeader title="Dashboard" subtitle="XSD and BankX across seven networks, pegged to one gram of silver." />
      <ErrorBoundary region="Announcements">
        <Announcements />
      </ErrorBoundary>
      <div className="widget-grid">
        {UPCOMING_WIDGETS.map((widget) => (
          <Panel key={widget.id} title={widget.title} testId={`widget-${widget.id}`}>
            <p className="muted">{widget.text}</p>
            <p className="placeholder-note">Coming in a later release.</p>
          </Panel>
        ))}
      </div>
    </div>
  );
}
