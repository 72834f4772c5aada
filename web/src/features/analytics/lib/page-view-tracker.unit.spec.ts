import { describe, expect, it } from 'vitest';
import { PageViewTracker } from './page-view-tracker';

function tracker() {
  let now = 0;
  const sent: unknown[] = [];
  const t = new PageViewTracker({ now: () => now, visitorId: () => 'visitor-1234', send: (body) => sent.push(body) });
  return { t, sent, advance: (ms: number) => (now += ms) };
}

describe('PageViewTracker', () => {
  it('sends a view when the route changes, with the seconds it was shown', () => {
    const { t, sent, advance } = tracker();
    t.show('/');
    expect(sent).toEqual([]);
    advance(12_400);
    t.show('/silver');
    advance(45_600);
    t.end();
    expect(sent).toEqual([
      { page: '/', visitor_id: 'visitor-1234', session_duration: 12 },
      { page: '/silver', visitor_id: 'visitor-1234', session_duration: 46 },
    ]);
  });

  it('ignores a render of the same route and a second unload', () => {
    const { t, sent, advance } = tracker();
    t.show('/calendar');
    t.show('/calendar');
    advance(3_000);
    t.end();
    t.end();
    expect(sent).toEqual([{ page: '/calendar', visitor_id: 'visitor-1234', session_duration: 3 }]);
  });

  it('starts a new view when the page comes back from the back-forward cache', () => {
    const { t, sent, advance } = tracker();
    t.show('/');
    t.end();
    t.show('/');
    advance(31_000);
    t.end();
    expect(sent).toEqual([
      { page: '/', visitor_id: 'visitor-1234', session_duration: 0 },
      { page: '/', visitor_id: 'visitor-1234', session_duration: 31 },
    ]);
  });

  it('sends custom events with the page they happened on', () => {
    const { t, sent } = tracker();
    t.show('/wallet-checker');
    t.event('wallet_scan', { chains: 3 });
    expect(sent).toEqual([{ visitor_id: 'visitor-1234', event_type: 'wallet_scan', event_data: { chains: 3 }, page: '/wallet-checker' }]);
  });
});
