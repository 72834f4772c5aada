import { Link } from 'react-router';
import { plural } from '../../../lib/plural';
import { useNow } from '../../../lib/use-now';
import { useCalendarEvents } from '../api/get-calendar-events';
import { countUpcoming } from '../lib/upcoming';

/** Header badge: 'N upcoming event(s)' linking to the calendar. Failures read as 0. */
export function UpcomingEventsBadge() {
  const { data } = useCalendarEvents();
  const now = useNow(60_000);
  const count = countUpcoming(data?.items ?? [], now);
  return (
    <Link to="/calendar" className="header-badge" data-testid="upcoming-events-badge">
      <span className="header-badge__icon" aria-hidden="true">
        ◷
      </span>
      {plural(count, 'upcoming event')}
    </Link>
  );
}
