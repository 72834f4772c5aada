import { Link } from 'react-router';
import { Head } from '../../components/seo/head';
import { Panel } from '../../components/ui/panel';
import { resolvePageMeta } from '../../config/routes';
import { PRODUCT_NAME } from '../../config/site';

/** /admin lives outside the main layout and stays reachable during maintenance. */
export default function AdminRoute() {
  return (
    <main className="standalone" id="main" data-testid="page-admin">
      <Head meta={resolvePageMeta('/admin')} path="/admin" />
      <div className="standalone__box">
        <h1 className="page-header__title page-header__title--root">{PRODUCT_NAME} Admin</h1>
        <Panel title="Staff panel" tone="accent">
          <p>The staff panel (news, calendar, chains, maintenance, contact messages, users) arrives in a later release.</p>
          <p className="muted">
            Staff can already switch maintenance with <kbd>npx xsd maintenance on|off</kbd>.
          </p>
        </Panel>
        <p>
          <Link to="/">← Back to the dashboard</Link>
        </p>
      </div>
    </main>
  );
}
