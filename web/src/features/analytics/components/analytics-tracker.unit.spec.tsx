// @vitest-environment happy-dom
import { act, render } from '@testing-library/react';
import { VISITOR_ID_STORAGE_KEY } from '@xsd/contracts/api/analytics';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { optedOut } from '../lib/browser-tracker';
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

  it('sends each page view by JSON beacon when it ends, under one visitor id kept in the browser', async () => {
    const router = renderAt('/');
    await act(() => router.navigate('/silver-price'));
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    const [first, second] = await sent();
    expect(first).toMatchObject({ url: '/api/analytics', type: 'application/json', body: { page: '/' } });
    expect(second).toMatchObject({ body: { page: '/silver-price' } });
    const id = localStorage.getItem(VISITOR_ID_STORAGE_KEY);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.body).toMatchObject({ visitor_id: id, session_duration: expect.any(Number) });
    expect(second.body).toMatchObject({ visitor_id: id });
  });
});

describe('optedOut', () => {
  it('honours Do Not Track and Global Privacy Control', () => {
    expect(optedOut({ doNotTrack: '1' } as Navigator)).toBe(true);
    expect(optedOut({ doNotTrack: null, globalPrivacyControl: true } as unknown as Navigator)).toBe(true);
    expect(optedOut({ doNotTrack: '0' } as Navigator)).toBe(false);
  });
});
