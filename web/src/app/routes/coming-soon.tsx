import { Link, useLocation } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { Panel } from '../../components/ui/panel';
import { findRoute } from '../../config/routes';

/** Placeholder for the screens of later releases, inside the shell. */
export default function ComingSoonRoute() {
  const location = useLocation();
  const route = findRoute(location.pathname);
  const name = route?.name ?? 'This page';
  return (
    <div className="page" data-testid="page-placeholder">
      <PageHeader title={name} subtitle={route?.description} />
      <Panel title="Coming in a later release" tone="info">
        <p>
          <span className="accent">{name}</span> is being rebuilt and arrives in a later release of the dashboard.
        </p>
        <p className="muted">
          Meanwhile, live prices are on the <Link to="/">Dashboard</Link>. Press <kbd>Ctrl+K</kbd> or <kbd>/</kbd> to jump to any page.
        </p>
      </Panel>
    </div>
  );
}
