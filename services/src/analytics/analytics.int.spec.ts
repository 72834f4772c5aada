import type { AdminOverviewResponse } from '@xsd/contracts/api/admin-overview';
import type { AnalyticsResponse } from '@xsd/contracts/api/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Metrics } from '../metrics/metrics.js';
import { metricValue } from '../testing/metric-values.js';
import { openPipeline, type Pipeline, type PipelineKind } from '../testing/pipeline.js';
import { createStaffTestApp, type StaffTestApp, TEST_ROOT_ADMIN as ROOT } from '../testing/staff-test-app.js';
import { AnalyticsBuffer } from './analytics-buffer.js';
import { AnalyticsRetention } from './analytics-retention.js';
import { AnalyticsService } from './analytics.service.js';
import { BEACONS_PER_CLIENT_PER_MINUTE, BEACONS_PER_VISITOR_PER_MINUTE } from './beacon-limits.js';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const DAY = 86_400_000;
const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe.each<PipelineKind>(['embedded', 'jetstream'])('analytics through /api/analytics on the %s pipeline', (kind) => {
  let pipeline: Pipeline;
  let api: StaffTestApp;
  let auth: Record<string, string>;
  let now = T0;

  const beacon = (body: object, headers: Record<string, string> = {}) =>
    api.http().post('/api/analytics').set({ 'User-Agent': BROWSER, 'Sec-Fetch-Site': 'same-origin', ...headers }).send(body);
  const stats = async (days = 30) => (await api.http().get(`/api/admin/analytics?days=${days}`).set(auth).expect(200)).body as AnalyticsResponse;
  /** Beacons are appended in batches: wait until the window shows `visits`. */
  const settled = (visits: number, days = 30) => expect.poll(async () => (await stats(days)).total_visits, { timeout: 15_000 }).toBe(visits);

  beforeAll(async () => {
    pipeline = await openPipeline(kind);
    // Loopback is a trusted proxy, so each test below is its own client through X-Forwarded-For.
    api = await createStaffTestApp(pipeline, { admin: ROOT, clock: () => new Date(now), http: { trustedProxies: ['127.0.0.1', '::1'] } });
    const { token } = await api.login(ROOT.email, ROOT.password);
    auth = { Authorization: `Bearer ${token}` };
  });

  afterAll(async () => {
    await api?.close();
    await pipeline?.cleanup();
  });

  it('answers an empty window with zeros, and the admin route needs a session', async () => {
    await api.http().get('/api/admin/analytics').expect(401);
    const empty = await stats();
    expect(empty).toMatchObject({ days: 30, total_visits: 0, unique_visitors: 0, average_session_duration: 0, bounce_rate: 0, top_pages: [] });
    expect(empty.daily_visits).toHaveLength(14);
    expect(empty.monthly_visits).toHaveLength(12);
  });

  it('refuses malformed beacons and windows other than 7, 30, 90 or 365 days', async () => {
    await beacon({ page: 'home', visitor_id: 'visitor-0001' }).expect(400);
    await beacon({ visitor_id: 'visitor-0001' }).expect(400);
    await beacon({ page: '/', visitor_id: 'visitor-0001', session_duration: -1 }).expect(400);
    const wrong = await api.http().get('/api/admin/analytics?days=12').set(auth).expect(400);
    expect(wrong.body.error.message).toBe('days must be 7, 30, 90 or 365');
  });

  it('counts visitors but not staff, bots, or browsers that ask not to be tracked', async () => {
    await beacon({ page: '/excluded', visitor_id: 'visitor-dnt' }, { DNT: '1' }).expect(202);
    await beacon({ page: '/excluded', visitor_id: 'visitor-gpc' }, { 'Sec-GPC': '1' }).expect(202);
    await beacon({ page: '/excluded', visitor_id: 'visitor-bot' }, { 'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }).expect(202);
    await beacon({ page: '/excluded', visitor_id: 'visitor-staff' }, auth).expect(202);
    await beacon({ page: '/', visitor_id: 'visitor-a' }).expect(202);
    await settled(1);
    const result = await stats();
    expect(result.top_pages).toEqual([{ page: '/', visits: 1 }]);
    expect(result.unique_visitors).toBe(1);
  });

  it('derives durations, bounces, devices, pages and days from the rollups, per window', async () => {
    // 40 days ago: in the 90-day window only.
    now = T0 - 40 * DAY;
    await beacon({ page: '/silver', visitor_id: 'visitor-old', session_duration: 100 }).expect(202);
    await settled(1, 7);
    await settled(2, 90);
    now = T0;
    await beacon({ page: '/silver', visitor_id: 'visitor-a', session_duration: 10 }).expect(202);
    await beacon({ page: '/silver', visitor_id: 'visitor-b', session_duration: 50 }, { 'User-Agent': PHONE }).expect(202);
    await beacon({ page: '/calendar', visitor_id: 'visitor-b', session_duration: 0 }, { 'User-Agent': PHONE }).expect(202);
    await beacon({ visitor_id: 'visitor-b', event_type: 'wallet_scan', event_data: { chains: 3 }, page: '/wallets' }).expect(202);
    await settled(4, 7);

    const week = await stats(7);
    expect(week).toMatchObject({
      days: 7,
      total_visits: 4,
      unique_visitors: 2,
      // Visits with a duration above 0: 10 s and 50 s; the 10 s one is a bounce.
      average_session_duration: 30,
      bounce_rate: 50,
      top_pages: [
        { page: '/silver', visits: 2 },
        { page: '/', visits: 1 },
        { page: '/calendar', visits: 1 },
      ],
      device_types: [
        { type: 'desktop', count: 2 },
        { type: 'mobile', count: 2 },
      ],
    });
    expect(week.daily_visits.at(-1)).toEqual({ date: '2026-11-21', visits: 4 });

    const quarter = await stats(90);
    expect(quarter).toMatchObject({ total_visits: 5, unique_visitors: 3, average_session_duration: 53, bounce_rate: 33.3 });
    expect(quarter.monthly_visits.slice(-2)).toEqual([
      { month: '2026-10', visits: 1 },
      { month: '2026-11', visits: 4 },
    ]);

    // The spec's raw rows are kept too, custom events included.
    const visits = await pipeline.db.selectFrom('analytics_visits').select(['page', 'device_type', 'session_duration']).where('visitor_id', '=', 'visitor-b').orderBy('page').execute();
    expect(visits).toEqual([
      { page: '/calendar', device_type: 'mobile', session_duration: 0 },
      { page: '/silver', device_type: 'mobile', session_duration: 50 },
    ]);
    const events = await pipeline.db.selectFrom('analytics_events').select(['visitor_id', 'event_type', 'event_data', 'page']).execute();
    expect(events).toEqual([{ visitor_id: 'visitor-b', event_type: 'wallet_scan', event_data: { chains: 3 }, page: '/wallets' }]);

    // The Overview's summary: the year, top pages cut to five.
    const overview = (await api.http().get('/api/admin/overview').set(auth).expect(200)).body as AdminOverviewResponse;
    expect(overview.analytics).toMatchObject({ days: 365, total_visits: 5, unique_visitors: 3 });
    expect(overview.analytics!.top_pages.length).toBeLessThanOrEqual(5);
  });

  it('counts a leave beacon as its page time, never as a visit, and keeps it among the raw events', async () => {
    now = T0 + 2 * DAY;
    const before = await stats(7);
    // The tracker's three beacons for one visitor: load, a route change after 20 s, leaving after 40 s.
    await beacon({ page: '/calendar', visitor_id: 'visitor-leave' }).expect(202);
    await beacon({ page: '/contact', visitor_id: 'visitor-leave', session_duration: 20 }).expect(202);
    await beacon({ page: '/contact', visitor_id: 'visitor-leave', session_duration: 40, ended: true }).expect(202);
    await settled(before.total_visits + 2, 7);
    await expect
      .poll(async () => (await pipeline.db.selectFrom('analytics_events').select('event_data').where('visitor_id', '=', 'visitor-leave').execute()).length, { timeout: 15_000 })
      .toBe(1);
    const after = await stats(7);
    expect(after.unique_visitors).toBe(before.unique_visitors + 1);
    // Two more timed pages (20 s, a bounce, and 40 s) join the earlier 10 s and 50 s.
    expect(after).toMatchObject({ average_session_duration: 30, bounce_rate: 50 });
    const leave = await pipeline.db.selectFrom('analytics_events').select(['event_type', 'event_data', 'page']).where('visitor_id', '=', 'visitor-leave').execute();
    expect(leave).toEqual([{ event_type: 'page_leave', event_data: { session_duration: 40 }, page: '/contact' }]);
    // A leave beacon needs its duration, and page_leave is not a custom event name.
    await beacon({ page: '/contact', visitor_id: 'visitor-leave', ended: true }).expect(400);
    await beacon({ visitor_id: 'visitor-leave', event_type: 'page_leave', event_data: { session_duration: 5 } }).expect(400);
  });

  it('shows the beacons waiting in memory for their batch as a gauge, read at scrape time', async () => {
    const metrics = api.app.get(Metrics);
    const buffered = async () => {
      await metrics.scrape();
      return metricValue(metrics, 'xsd_analytics_buffered_beacons');
    };
    expect(await buffered()).toBe(0);
    // Through the service, not HTTP, so that no batch is due before the scrape (one is every 100 ms).
    const visitor = { userAgent: BROWSER, client: '192.0.2.50', excluded: false };
    const record = (id: string) => api.app.get(AnalyticsService).record({ visitor_id: id, event_type: 'wallet_scan', page: '/wallets' }, visitor);
    record('visitor-gauge-1');
    record('visitor-gauge-2');
    api.app.get(AnalyticsService).record({ visitor_id: 'visitor-gauge-3', event_type: 'wallet_scan' }, { ...visitor, excluded: true });
    expect(await buffered()).toBe(2);
    await api.app.get(AnalyticsBuffer).flush();
    expect(await buffered()).toBe(0);
  });

  /** Visits stored for these visitor ids, once everything sent so far is projected. */
  const storedVisits = async (visitorIds: readonly string[]) => {
    await api.app.get(AnalyticsBuffer).flush();
    // A marker from a fresh client and visitor, appended after everything before it: once it is projected, so is the rest.
    const marker = `marker-${Math.random().toString(36).slice(2)}`;
    await beacon({ page: '/marker', visitor_id: marker }, { 'X-Forwarded-For': '192.0.2.250' }).expect(202);
    await api.app.get(AnalyticsBuffer).flush();
    const count = async (ids: readonly string[]) =>
      Number((await pipeline.db.selectFrom('analytics_visits').select((eb) => eb.fn.countAll().as('count')).where('visitor_id', 'in', ids).executeTakeFirstOrThrow()).count);
    await expect.poll(() => count([marker]), { timeout: 15_000 }).toBe(1);
    return count(visitorIds);
  };
  const dropped = (reason: string) => metricValue(api.app.get(Metrics), 'xsd_analytics_dropped_beacons_total', { reason });
  /** `count` beacons from `client`, 50 at a time (a second or two); every answer must be 202. */
  const flood = async (client: string, body: (i: number) => object, count: number) => {
    for (let sent = 0; sent < count; sent += 50) {
      const wave = Array.from({ length: 50 }, (_, i) => beacon(body(sent + i), { 'X-Forwarded-For': client }));
      const statuses = (await Promise.all(wave)).map((response) => response.status);
      expect(new Set(statuses)).toEqual(new Set([202]));
    }
    return count;
  };

  it('stores at most the visitor limit from a flood of one address and one visitor id, answering 202 throughout', async () => {
    const before = { visitor: await dropped('visitor'), client: await dropped('client') };
    const sent = await flood('198.51.100.1', (i) => ({ page: `/flood-${i % 7}`, visitor_id: 'visitor-flood' }), 1_000);
    // The clock stands still here, so no bucket refills: the visitor's first 30 are all that is stored.
    expect(await storedVisits(['visitor-flood'])).toBe(BEACONS_PER_VISITOR_PER_MINUTE);
    // The address passes 120 (30 stored, 90 over the visitor's limit), then refuses the rest itself.
    expect((await dropped('visitor')) - before.visitor).toBe(BEACONS_PER_CLIENT_PER_MINUTE - BEACONS_PER_VISITOR_PER_MINUTE);
    expect((await dropped('client')) - before.client).toBe(sent - BEACONS_PER_CLIENT_PER_MINUTE);
  });

  it('caps many visitor ids from one address at the address limit', async () => {
    const before = await dropped('client');
    const ids = Array.from({ length: 500 }, (_, i) => `visitor-rotating-${i}`);
    const sent = await flood('198.51.100.2', (i) => ({ page: '/rotating', visitor_id: ids[i]! }), ids.length);
    expect(await storedVisits(ids)).toBe(BEACONS_PER_CLIENT_PER_MINUTE);
    expect((await dropped('client')) - before).toBe(sent - BEACONS_PER_CLIENT_PER_MINUTE);
    // IPv6: one host holds a whole /64, so its addresses share one budget.
    const v6 = Array.from({ length: BEACONS_PER_CLIENT_PER_MINUTE + 10 }, (_, i) =>
      beacon({ page: '/v6', visitor_id: `visitor-v6-${i}` }, { 'X-Forwarded-For': `2001:db8:7:7::${(i + 1).toString(16)}` }).expect(202),
    );
    await Promise.all(v6);
    expect(await storedVisits(Array.from({ length: v6.length }, (_, i) => `visitor-v6-${i}`))).toBe(BEACONS_PER_CLIENT_PER_MINUTE);
  });

  it('stores all of normal browsing: several visitors behind one NAT, a few beacons each', async () => {
    const droppedBefore = (await dropped('visitor')) + (await dropped('client'));
    const ids = Array.from({ length: 12 }, (_, i) => `visitor-office-${i}`);
    // Each: a load, four route changes, a wallet scan and leaving; an office of 12 behind one address.
    for (const id of ids) {
      for (const [i, page] of ['/', '/silver', '/calendar', '/wallets', '/contact'].entries()) {
        await beacon({ page, visitor_id: id, ...(i > 0 ? { session_duration: 15 } : {}) }, { 'X-Forwarded-For': '198.51.100.3' }).expect(202);
      }
      await beacon({ visitor_id: id, event_type: 'wallet_scan', page: '/wallets' }, { 'X-Forwarded-For': '198.51.100.3' }).expect(202);
      await beacon({ page: '/contact', visitor_id: id, session_duration: 30, ended: true }, { 'X-Forwarded-For': '198.51.100.3' }).expect(202);
    }
    expect(await storedVisits(ids)).toBe(ids.length * 5);
    expect((await dropped('visitor')) + (await dropped('client'))).toBe(droppedBefore);
  });

  it('prunes raw rows older than XSD_ANALYTICS_RAW_DAYS and keeps the rollups', async () => {
    const old = T0 - 200 * DAY;
    const recent = T0 - 10 * DAY;
    now = old;
    await beacon({ page: '/retention', visitor_id: 'visitor-ancient' }, { 'X-Forwarded-For': '198.51.100.4' }).expect(202);
    await beacon({ visitor_id: 'visitor-ancient', event_type: 'wallet_scan', page: '/retention' }, { 'X-Forwarded-For': '198.51.100.4' }).expect(202);
    now = recent;
    await beacon({ page: '/retention', visitor_id: 'visitor-recent' }, { 'X-Forwarded-For': '198.51.100.4' }).expect(202);
    now = T0;
    expect(await storedVisits(['visitor-ancient', 'visitor-recent'])).toBe(2);
    const year = await stats(365);
    const raw = (table: 'analytics_visits' | 'analytics_events') =>
      pipeline.db.selectFrom(table).select('visitor_id').where('visitor_id', 'in', ['visitor-ancient', 'visitor-recent']).orderBy('visitor_id').execute();

    const pruned = await api.app.get(AnalyticsRetention).prune();
    expect(pruned.visits).toBeGreaterThanOrEqual(1);
    expect(pruned.events).toBeGreaterThanOrEqual(1);
    expect(await raw('analytics_visits')).toEqual([{ visitor_id: 'visitor-recent' }]);
    expect(await raw('analytics_events')).toEqual([]);
    // The rollups keep every day: the year's answer is the same, the old day included.
    expect(await stats(365)).toEqual(year);
    expect((await stats(365)).top_pages).toContainEqual({ page: '/retention', visits: 2 });
    // A second prune finds nothing more.
    expect(await api.app.get(AnalyticsRetention).prune()).toEqual({ visits: 0, events: 0, visitors: 0 });
  });
});
