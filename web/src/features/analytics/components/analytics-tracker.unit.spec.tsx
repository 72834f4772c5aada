// @vitest-environment happy-dom
import { act, render } from '@testing-library/react';
import { VISITOR_ID_STORAGE_KEY } from '@xsd/contracts/api/analytics';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { optedOut } from '../../../lib/analytics/browser-tracker';
import { AnalyticsTracker } from './analytics-tracker';

/** What reached navigator.sendBeacon: the URL, the body's type and its JSON. */
const beacons: { url: string; type: string; body: unknown }[] = [];

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <AnalyticsTracker /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

async function sent() {
  return Promise.all(beacons.map(async (b) => ({ ...b, body: await b.body })));
}

describe('AnalyticsTracker', () => {
  beforeEach(() => {
    beacons.length = 0;
    // The browser's side of the wire: what sendBeacon was handed.
    vi.stubGlobal('navigator', {
      doNotTrack: null,
      sendBeacon: (url: string, data: Blob) => {
        beacons.push({ url, type: data.type, body: data.text().then((text) => JSON.parse(text) as unknown) });
        return true;
      },
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends a view on load and on each route change, and a leave beacon on pagehide, under one visitor id kept in the browser', async () => {
    const router = renderAt('/');
    await act(() => router.navigate('/silver-price'));
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    const [load, change, leave, ...rest] = await sent();
    expect(rest).toEqual([]);
    expect(load).toMatchObject({ url: '/api/analytics', type: 'application/json', body: { page: '/' } });
    expect(load!.body).not.toHaveProperty('session_duration');
    expect(change).toMatchObject({ body: { page: '/silver-price', session_duration: expect.any(Number) } });
    expect(leave).toMatchObject({ body: { page: '/silver-price', session_duration: expect.any(Number), ended: true } });
    const id = localStorage.getItem(VISITOR_ID_STORAGE_KEY);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    for (const beacon of [load, change, leave]) expect(beacon!.body).toMatchObject({ visitor_id: id });
  });
});

describe('optedOut', () => {
  it('honours Do Not Track and Global Privacy Control', () => {
    expect(optedOut({ doNotTrack: '1' } as Navigator)).toBe(true);
    expect(optedOut({ doNotTrack: null, globalPrivacyControl: true } as unknown as Navigator)).toBe(true);
    expect(optedOut({ doNotTrack: '0' } as Navigator)).toBe(false);
  });
});
