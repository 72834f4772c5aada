import { AUTO_UPDATE_NOTE } from '../../../config/messages';

/** Under the dashboard title: when the prices were last updated and how often they refresh. */
export function DashboardMeta({ lastUpdated }: { readonly lastUpdated: number }) {
  return (
    <p className="dashboard-meta" data-testid="dashboard-meta">
      <span>
        Last updated:{' '}
        <span className="dashboard-meta__time" data-testid="last-updated">
          {lastUpdated > 0 ? new Date(lastUpdated).toLocaleTimeString([], { hour12: false }) : '--:--:--'}
        </span>
      </span>
      <span>{AUTO_UPDATE_NOTE}</span>
    </p>
  );
}
