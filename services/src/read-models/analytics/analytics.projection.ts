import { createHash } from 'node:crypto';
import { BOUNCE_THRESHOLD_SECONDS, PAGE_LEAVE_EVENT_TYPE } from '@xsd/contracts/api/analytics';
import type { CustomAnalyticsEvent, PageView } from '@xsd/contracts/events/analytics-events';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../database/schema.js';
import { defineProjection } from '../../projector/projection.js';


/** One visit or custom event of a batch. */
interface Item<T> {
  readonly id: string;
  readonly item: T;
}

/**
 * The row id of the `index`-th item of a batch event: a UUID from an md5 of the event id and the
 * index, so the rows depend on the events alone.
 */
export function itemId(eventId: string, index: number): string {
  const hex = createHash('md5').update(`${eventId}:${index}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters. */
const CHUNK = 2_000;

/** The UTC day of an instant (which may carry any offset). */
const dayOf = (at: string): string => new Date(at).toISOString().slice(0, 10);

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

interface DayTotals {
  visits: number;
  mobile: number;
  desktop: number;
  timed_sessions: number;
  bounces: number;
  duration_sum: number;
}

/**
 * analytics_visits and analytics_events (the spec's raw rows), plus the per-day rollups the
 * statistics are read from. A batch is folded in memory first, so a thousand visits cost a handful
 * of multi-row statements; counters add, a visitor's last day only moves forward, so the rows
 * depend on the events alone and a rebuild gives the same ones.
 */
export const analyticsProjection = defineProjection({
  name: 'analytics',
  handles: ['analytics.page-views-recorded', 'analytics.events-recorded'],
  tables: ['analytics_visits', 'analytics_events', 'analytics_daily', 'analytics_daily_pages', 'analytics_visitors'],
  async apply(trx, events) {
    const views: Item<PageView>[] = [];
    const recorded: Item<CustomAnalyticsEvent>[] = [];
    for (const { event } of events) {
      if (event.type === 'analytics.page-views-recorded') {
        event.data.visits.forEach((item, i) => {
          const id = itemId(event.id, i);
          views.push({ id, item });
          // A leave beacon is kept among the raw events; it is a duration, not a visit.
          if (item.kind === 'leave') recorded.push({ id, item: leaveEvent(item) });
        });
      } else event.data.events.forEach((item, i) => recorded.push({ id: itemId(event.id, i), item }));
    }
    if (views.length > 0) await applyViews(trx, views);
    for (const chunk of chunks(recorded)) {
      await trx
        .insertInto('analytics_events')
        .values(
          chunk.map(({ id, item }) => ({
            id,
            event_id: id,
            visitor_id: item.visitorId,
            event_type: item.eventType,
            event_data: item.eventData === null ? null : JSON.stringify(item.eventData),
            page: item.page,
            created_at: item.at,
          })),
        )
        .onConflict((oc) => oc.column('event_id').doNothing())
        .execute();
    }
  },
});

function leaveEvent(leave: PageView): CustomAnalyticsEvent {
  return {
    at: leave.at,
    visitorId: leave.visitorId,
    eventType: PAGE_LEAVE_EVENT_TYPE,
    eventData: { session_duration: leave.sessionDuration },
    page: leave.page,
  };
}

/**
 * A view is a visit of its page (with the previous page's duration, when the route change that
 * ended that page sent it); a leave adds only its page's duration. Either way every page's time on
 * screen is counted once, in the day it was reported.
 */
async function applyViews(trx: Transaction<DB>, views: readonly Item<PageView>[]): Promise<void> {
  const days = new Map<string, DayTotals>();
  const pages = new Map<string, { day: string; page: string; visits: number }>();
  const visitors = new Map<string, string>();
  for (const { item } of views) {
    const day = dayOf(item.at);
    const { page, visitorId, sessionDuration, deviceType } = item;
    const totals = days.get(day) ?? { visits: 0, mobile: 0, desktop: 0, timed_sessions: 0, bounces: 0, duration_sum: 0 };
    days.set(day, totals);
    if (sessionDuration !== null && sessionDuration > 0) {
      totals.timed_sessions += 1;
      totals.duration_sum += sessionDuration;
      if (sessionDuration < BOUNCE_THRESHOLD_SECONDS) totals.bounces += 1;
    }
    if (item.kind === 'leave') continue;
    totals.visits += 1;
    totals[deviceType] += 1;
    const pageKey = `${day}|${page}`;
    const pageRow = pages.get(pageKey) ?? { day, page, visits: 0 };
    pageRow.visits += 1;
    pages.set(pageKey, pageRow);
    const seen = visitors.get(visitorId);
    if (seen === undefined || seen < day) visitors.set(visitorId, day);
  }

  for (const chunk of chunks(views.filter(({ item }) => item.kind === 'view'))) {
    await trx
      .insertInto('analytics_visits')
      .values(
        chunk.map(({ id, item }) => ({
          id,
          event_id: id,
          page: item.page,
          visitor_id: item.visitorId,
          user_agent: item.userAgent,
          referrer: item.referrer,
          device_type: item.deviceType,
          session_duration: item.sessionDuration,
          country: null,
          created_at: item.at,
        })),
      )
      .onConflict((oc) => oc.column('event_id').doNothing())
      .execute();
  }

  const add = (column: keyof DayTotals) => sql<number>`analytics_daily.${sql.ref(column)} + excluded.${sql.ref(column)}`;
  await trx
    .insertInto('analytics_daily')
    .values([...days].map(([day, totals]) => ({ day, ...totals })))
    .onConflict((oc) =>
      oc.column('day').doUpdateSet({
        visits: add('visits'),
        mobile: add('mobile'),
        desktop: add('desktop'),
        timed_sessions: add('timed_sessions'),
        bounces: add('bounces'),
        duration_sum: add('duration_sum'),
      }),
    )
    .execute();

  for (const chunk of chunks([...pages.values()])) {
    await trx
      .insertInto('analytics_daily_pages')
      .values(chunk)
      .onConflict((oc) => oc.columns(['day', 'page']).doUpdateSet({ visits: sql`analytics_daily_pages.visits + excluded.visits` }))
      .execute();
  }

  for (const chunk of chunks([...visitors].map(([visitor_id, last_seen]) => ({ visitor_id, last_seen })))) {
    await trx
      .insertInto('analytics_visitors')
      .values(chunk)
      .onConflict((oc) =>
        oc
          .column('visitor_id')
          .doUpdateSet({ last_seen: sql`excluded.last_seen` })
          .where('analytics_visitors.last_seen', '<', sql<string>`excluded.last_seen`),
      )
      .execute();
  }
}
