import { DAY_MS } from '@xsd/contracts/rules/time';

/** Windows longer than this are drawn from hourly candles instead of every reading. */
const RAW_HISTORY_MAX_DAYS = 1;

/** Where a chart of the last `days` starts, and whether it is drawn from every reading. */
export function chartWindow(now: Date, days: number): { readonly from: Date; readonly raw: boolean } {
  return { from: new Date(now.getTime() - days * DAY_MS), raw: days <= RAW_HISTORY_MAX_DAYS };
}
