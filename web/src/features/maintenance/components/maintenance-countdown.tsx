import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNow } from '../../../lib/use-now';
import { siteQueryKey } from '../../../api/get-site';
import { remainingMs } from '../../../lib/maintenance-time';
import { formatCountdown } from '../lib/maintenance-logic';

/** hours:minutes:seconds to the expected up time, ticking each second, and its local date and time. */
export function MaintenanceCountdown({ expectedUpTime }: { readonly expectedUpTime: string }) {
  const now = useNow(1_000);
  const queryClient = useQueryClient();
  const left = remainingMs(expectedUpTime, now) ?? 0;
  const overdue = left === 0;

  // One-shot re-read at the announced time; the server ends maintenance on its own schedule.
  useEffect(() => {
    const wait = remainingMs(expectedUpTime, Date.now());
    if (wait === null) return;
    const id = window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: siteQueryKey }), wait + 500);
    return () => window.clearTimeout(id);
  }, [expectedUpTime, queryClient]);

  const localEnd = new Date(expectedUpTime).toLocaleString(undefined, { dateStyle: 'full', timeStyle: 'short' });
  return (
    <div className="maintenance__countdown" data-testid="maintenance-countdown">
      <div className="maintenance__clock" role="timer" aria-live="off" aria-label="Time until the site is back">
        {formatCountdown(left)}
      </div>
      <div className="maintenance__clock-units" aria-hidden="true">
        <span>hours</span>
        <span>minutes</span>
        <span>seconds</span>
      </div>
      <p className="maintenance__eta">
        Expected to be back online <time dateTime={expectedUpTime}>{localEnd}</time>
      </p>
      {overdue ? (
        <p className="maintenance__overdue" role="status">
          Finishing up… this page returns by itself once we are back.
        </p>
      ) : null}
    </div>
  );
}
