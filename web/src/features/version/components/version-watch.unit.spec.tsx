// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { versionQueryKey } from '../api/get-version';
import { AppUpdateContext } from '../hooks/use-app-update';
import { AppUpdate, RELOAD_WITHOUT_WORKER_MS } from '../lib/app-update';
import { APP_VERSION_KEY } from '../lib/version-check';
import { VersionWatch } from './version-watch';

let served = '2.0.0';

beforeEach(() => {
  vi.stubGlobal('__APP_VERSION__', '1.0.0');
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ version: served, buildDate: '2026-11-25T00:00:00Z' }), { status: 200, headers: { 'content-type': 'application/json' } })));
  localStorage.setItem(APP_VERSION_KEY, '1.0.0');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderWatch() {
  const timers: number[] = [];
  const update = new AppUpdate({ reload: () => undefined, setTimer: (_run, ms) => void timers.push(ms) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AppUpdateContext.Provider value={update}>
        <VersionWatch />
      </AppUpdateContext.Provider>
    </QueryClientProvider>,
  );
  return { update, timers, client };
}

describe('VersionWatch', () => {
  it('applies a version found by the first read after load at once: no worker here, so a reload in 1 s', async () => {
    const { update, timers } = renderWatch();
    await vi.waitFor(() => expect(update.getState().versionChanged).toBe(true));
    expect(update.getState().applying).toBe(true);
    expect(timers).toEqual([RELOAD_WITHOUT_WORKER_MS]);
    expect(localStorage.getItem(APP_VERSION_KEY)).toBe('2.0.0');
  });

  it('only offers a version found by a later read (every 15 minutes): the visitor chooses when', async () => {
    served = '1.0.0';
    const { update, timers, client } = renderWatch();
    await vi.waitFor(() => expect(client.getQueryData(versionQueryKey)).toBeDefined());
    expect(update.getState().versionChanged).toBe(false);
    served = '3.0.0';
    await act(() => client.refetchQueries({ queryKey: versionQueryKey }));
    await vi.waitFor(() => expect(update.getState().versionChanged).toBe(true));
    expect(update.getState().applying).toBe(false);
    expect(timers).toEqual([]);
  });
});
