import { ActivityLog } from '../components/ActivityLog.js';
import { ArbitrageReport } from '../components/ArbitrageReport.js';
import { CalendarList } from '../components/CalendarList.js';
import { PegReport } from '../components/PegReport.js';
import { printOnce } from '../output/ink-runtime.js';
import type { ActivityView } from '../views/activity-view.js';
import type { ArbitrageView } from '../views/arbitrage-view.js';
import type { CalendarView } from '../views/calendar-view.js';
import type { PegView } from '../views/peg-view.js';

// One-shot Ink frames of the public reports, loaded only on a terminal.
export const showCalendar = (view: CalendarView) => printOnce(<CalendarList view={view} />);
export const showArbitrage = (view: ArbitrageView) => printOnce(<ArbitrageReport view={view} />);
export const showPeg = (view: PegView) => printOnce(<PegReport view={view} />);
export const showActivity = (view: ActivityView) => printOnce(<ActivityLog view={view} />);
