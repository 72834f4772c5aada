import type { AdminOverviewResponse } from '@xsd/contracts/api/admin-overview';
import type { AnalyticsResponse } from '@xsd/contracts/api/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPipeline, type Pipeline, type PipelineKind } from '../testing/pipeline.js';
import { createStaffTestApp, type StaffTestApp } from '../testing/staff-test-app.js';

const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const DAY = 86_400_000;
const ROOT = { email: 'root@silverboard.test', password: 'root password 1' };
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
    api = await createStaffTestApp(pipeline, { admin: ROOT, clock: () => new Date(now) });
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
});
