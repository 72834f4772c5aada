import { Panel } from '../../../components/ui/panel';
import { NotificationSettings } from './notification-settings';

/** The notification settings block of /price-alerts (spec section 2). */
export function NotificationSettingsPanel() {
  return (
    <Panel title="Notification Settings" testId="notification-settings-panel">
      <NotificationSettings />
    </Panel>
  );
}
