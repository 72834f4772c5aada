import type { AnalyticsResponse } from '@xsd/contracts/api/analytics';
import { DASHBOARD_TOP_PAGES, TOP_PAGES_STEP } from '@xsd/contracts/api/analytics';
import { textTable } from '../output/text-table.js';

const count = (n: number) => n.toLocaleString('en-US');

/** Seconds as the Analytics tab shows them: 45s, 2m 5s. */
export function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return minutes === 0 ? `${seconds}s` : `${minutes}m ${seconds % 60}s`;
}

/**
 * `xsd stats` as plain lines: the Analytics tab's figures for the window, its top pages (the
 * first ten, or `pages`), visits of the last 14 days, and device types.
 */
export function statsText(stats: AnalyticsResponse, pages: number = TOP_PAGES_STEP): string[] {
  const lines = [
    `Analytics, last ${stats.days} days`,
    '',
    ...textTable([
      ['Total visits', { text: count(stats.total_visits), align: 'right' }],
      ['Unique visitors', { text: count(stats.unique_visitors), align: 'right' }],
      ['Avg. session', { text: formatDuration(stats.average_session_duration), align: 'right' }],
      ['Bounce rate', { text: `${stats.bounce_rate.toFixed(1)}%`, align: 'right' }],
    ]),
    '',
    'Top pages',
  ];
  const top = stats.top_pages.slice(0, Math.max(DASHBOARD_TOP_PAGES, pages));
  if (top.length === 0) lines.push('  No visits in this window.');
  else lines.push(...textTable(top.map((p, i) => [`${i + 1}.`, p.page, { text: count(p.visits), align: 'right' }])).map((l) => `  ${l}`));
  lines.push('', 'Daily visits (last 14 days)');
  lines.push(...textTable(stats.daily_visits.map((d) => [d.date, { text: count(d.visits), align: 'right' }])).map((l) => `  ${l}`));
  lines.push('', 'Devices');
  lines.push(...textTable(stats.device_types.map((d) => [d.type, { text: count(d.count), align: 'right' }])).map((l) => `  ${l}`));
  return lines;
}
