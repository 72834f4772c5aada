import { CalendarPage } from '../../features/calendar/components/calendar-page';

/** /calendar: the community calendar. */
export default function CalendarRoute() {
  return <CalendarPage />;
}
