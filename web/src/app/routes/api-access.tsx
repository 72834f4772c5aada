import { ApiAccessPage } from '../../features/api-access/components/api-access-page';

/** /api-access: routed, though the menu marks it Soon (spec §2). The API is on this page's origin. */
export default function ApiAccessRoute() {
  return <ApiAccessPage origin={window.location.origin} />;
}
