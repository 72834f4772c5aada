import { AnalyticsBeaconSchema } from '@xsd/contracts/api/analytics';
import { describe, expect, it } from 'vitest';
import { PageViewTracker } from './page-view-tracker';

function tracker(referrer: string | null = null) {
  let now = 0;
  const sent: unknown[] = [];
  const t = new PageViewTracker({ now: () => now, visitorId: () => 'visitor-1234', referrer: () => referrer, send: (body) => sent.push(body) });
  return { t, sent, advance: (ms: number) => (now += ms) };
}

describe('PageViewTracker', () => {
  it('sends a view on load and on each route change with the previous page time, and a leave beacon on unload', () => {
    const { t, sent, advance } = tracker('https://example.org/post');
    t.show('/');
    advance(12_400);
    t.show('/silver-price');
    advance(45_600);
    t.end();
    expect(sent).toEqual([
      { page: '/', visitor_id: 'visitor-1234', referrer: 'https://example.org/post' },
      { page: '/silver-price', visitor_id: 'visitor-1234', session_duration: 12 },
      { page: '/silver-price', visitor_id: 'visitor-1234', session_duration: 46, ended: true },
    ]);
    // Every beacon is one the server accepts.
    for (const body of sent) expect(AnalyticsBeaconSchema.safeParse(body).success).toBe(true);
  });

  it('ignores a render of the same route and a second unload', () => {
    const { t, sent, advance } = tracker();
    t.show('/calendar');
    t.show('/calendar');
    advance(3_000);
    t.end();
    t.end();
    expect(sent).toEqual([
      { page: '/calendar', visitor_id: 'visitor-1234' },
      { page: '/calendar', visitor_id: 'visitor-1234', session_duration: 3, ended: true },
    ]);
  });

  it('starts a new view without a previous duration when the page comes back from the back-forward cache', () => {
    const { t, sent, advance } = tracker();
    t.show('/');
    t.end();
    advance(60_000);
    t.show('/');
    advance(31_000);
    t.end();
    expect(sent).toEqual([
      { page: '/', visitor_id: 'visitor-1234' },
      { page: '/', visitor_id: 'visitor-1234', session_duration: 0, ended: true },
      { page: '/', visitor_id: 'visitor-1234' },
      { page: '/', visitor_id: 'visitor-1234', session_duration: 31, ended: true },
    ]);
  });

  it('sends custom events with the page they happened on', () => {
    const { t, sent } = tracker();
    t.show('/wallet-checker');
    t.event('wallet_scan', { chains: 3 });
    expect(sent.at(-1)).toEqual({ visitor_id: 'visitor-1234', event_type: 'wallet_scan', event_data: { chains: 3 }, page: '/wallet-checker' });
  });
});
