import type { CalendarEventType } from '@xsd/contracts/api/calendar';
import { EVENT_TYPE_STYLES, EVENT_TYPES, monthOf, shiftMonth, type Month } from '../lib/month-grid';
import { Options } from '../../../components/ui/options';

export interface CalendarToolbarProps {
  readonly onMonthChange: (change: Month | ((month: Month) => Month)) => void;
  readonly search: string;
  readonly onSearchChange: (search: string) => void;
  readonly type: CalendarEventType | 'all';
  readonly onTypeChange: (type: CalendarEventType | 'all') => void;
}

/** Month navigation, the search box and the type filter above the grid. */
export function CalendarToolbar({ onMonthChange, search, onSearchChange, type, onTypeChange }: CalendarToolbarProps) {
  return (
    <div className="calendar-toolbar">
      <div className="calendar-toolbar__nav" role="group" aria-label="Month">
        <button type="button" className="btn btn--small" onClick={() => onMonthChange((m) => shiftMonth(m, -1))} aria-label="Prev month">
          ‹ Prev
        </button>
        <button type="button" className="btn btn--small" onClick={() => onMonthChange(monthOf(new Date()))}>
          Today
        </button>
        <button type="button" className="btn btn--small" onClick={() => onMonthChange((m) => shiftMonth(m, 1))} aria-label="Next month">
          Next ›
        </button>
      </div>
      <label className="calendar-field">
        <span className="calendar-field__label">Search</span>
        <input type="search" value={search} onChange={(e) => onSearchChange(e.target.value)} placeholder="Search events" />
      </label>
      <label className="calendar-field">
        <span className="calendar-field__label">Type</span>
        <select value={type} onChange={(e) => onTypeChange(e.target.value as CalendarEventType | 'all')}>
          <option value="all">All types</option>
          <Options values={EVENT_TYPES} label={(t) => EVENT_TYPE_STYLES[t].label} />
        </select>
      </label>
    </div>
  );
}
