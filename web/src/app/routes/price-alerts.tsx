import { PriceAlertsPage } from '../../features/alerts/components/price-alerts-page';
import { useCalendarEvents } from '../../features/calendar/api/get-calendar-events';
import { NotificationSettingsPanel } from '../../features/notifications/components/notification-settings-panel';

/**
 * /price-alerts: the alerts page over the calendar's events (for reminders). The notification
 * settings block comes from the notifications feature through `notificationSettings`.
 */
export default function PriceAlertsRoute() {
  const events = useCalendarEvents();
  return <PriceAlertsPage events={events.data?.items} eventsFailed={events.isError} notificationSettings={<NotificationSettingsPanel />} />;
}
