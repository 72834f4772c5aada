import { Head } from '../../components/seo/head';
import { resolvePageMeta } from '../../config/routes';
import { AdminScreen } from '../../features/admin/components/admin-screen';

/** /admin lives outside the main layout and stays reachable during maintenance. */
export default function AdminRoute() {
  return (
    <div data-testid="page-admin">
      <Head meta={resolvePageMeta('/admin')} path="/admin" />
      <AdminScreen />
    </div>
  );
}
