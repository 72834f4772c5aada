import { useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '@xsd/contracts/api/alerts';
import { useCallback } from 'react';
import { AlertChecker } from '../../features/alerts/components/alert-checker';
import type { ReadingsNeeded } from '../../features/alerts/lib/check-alerts';
import { calendarEventsQueryOptions } from '../../features/calendar/api/get-calendar-events';
import { NOTIFICATION_PREFERENCES_KEY, parseNotificationPreferences } from '../../features/notifications/lib/notification-preferences';
import { latestPricesQueryOptions } from '../../features/prices/api/get-latest-prices';
import { silverLatestQueryOptions } from '../../features/silver/api/get-silver-latest';
import { readJson } from '../../lib/storage';

function readPreferences(): NotificationPreferences {
  return parseNotificationPreferences(readJson(NOTIFICATION_PREFERENCES_KEY));
}

/**
 * The in-tab alerts checker with its readings: the same queries (and cache) as the dashboard, the
 * silver page and the calendar, so a page that already holds fresh prices costs no request. A
 * reading that fails is skipped this round.
 */
export function AlertsChecker() {
  const queryClient = useQueryClient();
  const loadReadings = useCallback(
    async (needed: ReadingsNeeded) => {
      const [latest, silver, events] = await Promise.all([
        needed.prices ? queryClient.fetchQuery(latestPricesQueryOptions()).catch(() => null) : null,
        needed.silver ? queryClient.fetchQuery(silverLatestQueryOptions()).catch(() => null) : null,
        needed.events ? queryClient.fetchQuery(calendarEventsQueryOptions()).catch(() => null) : null,
      ]);
      return { latest, silverPrice: silver?.price_per_gram ?? null, events: events?.items ?? null };
    },
    [queryClient],
  );
  return <AlertChecker loadReadings={loadReadings} preferences={readPreferences} />;
}
