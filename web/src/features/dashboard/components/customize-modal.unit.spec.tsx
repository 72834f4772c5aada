// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_DASHBOARD_PREFERENCES } from '@xsd/contracts/api/preferences';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDashboardPreferences } from '../hooks/use-dashboard-preferences';
import { DASHBOARD_PREFERENCES_KEY, PREFERENCE_MESSAGES, toPreferences, defaultEntries, moveWidget } from '../lib/preferences';
import { CustomizeModal } from './customize-modal';

type Answer = { status: number; body?: unknown };
interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A small in-test server answering the contracts' shapes (no server runs in happy-dom). */
function serve(routes: Record<string, (body: unknown) => Answer>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path: String(input), body });
      const route = routes[`${method} ${String(input)}`];
      const answer = route ? route(body) : { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
      return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return calls;
}

const staff = { status: 200, body: { user: { id: 'staff-1', email: 'editor@silverboard.test', role: 'admin', last_login: null } } };

/** The dashboard's own wiring: the hook feeds the modal and the rendered widget order. */
function Harness() {
  const preferences = useDashboardPreferences();
  const [open, setOpen] = useState(true);
  return (
    <>
      <output data-testid="order">{preferences.entries.map((e) => `${e.id}${e.visible ? '' : '(hidden)'}`).join(',')}</output>
      <CustomizeModal open={open} onClose={() => setOpen(false)} preferences={preferences} />
    </>
  );
}

function renderHarness() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
}

const modal = () => within(screen.getByTestId('customize-modal'));

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Customize Dashboard, anonymous visitor', () => {
  it("says the layout stays in this browser, saves it there and sends no request", async () => {
    const calls = serve({});
    renderHarness();
    expect(modal().getByText(PREFERENCE_MESSAGES.anonymous)).toBeTruthy();
    await userEvent.click(modal().getByRole('button', { name: 'Move BankX Prices up' }));
    await userEvent.click(modal().getByRole('button', { name: 'Save Preferences' }));
    expect(await modal().findByText(PREFERENCE_MESSAGES.saved)).toBeTruthy();
    const stored = JSON.parse(localStorage.getItem(DASHBOARD_PREFERENCES_KEY)!) as { layout: Record<string, { order: number }> };
    expect(stored.layout['bankx-prices']!.order).toBe(4);
    expect(screen.getByTestId('order').textContent).toContain('bankx-prices,xsd-prices');
    expect(calls).toEqual([]);
  });
});

describe('Customize Dashboard, signed-in staff', () => {
  beforeEach(() => localStorage.setItem('staff-signed-in', '1'));

  it('starts from the defaults when no row was saved, then saves on the server, not in the browser', async () => {
    const calls = serve({
      'GET /api/auth/me': () => staff,
      'GET /api/auth/preferences': () => ({ status: 200, body: DEFAULT_DASHBOARD_PREFERENCES }),
      'PUT /api/auth/preferences': (body) => ({ status: 200, body: { ...(body as object), updated_at: '2026-11-22T14:00:00.000Z' } }),
    });
    renderHarness();
    await userEvent.click(await modal().findByRole('button', { name: 'XSD Prices: visible, hide it' }));
    expect(modal().queryByText(PREFERENCE_MESSAGES.anonymous)).toBeNull();
    await userEvent.click(modal().getByRole('button', { name: 'Save Preferences' }));
    expect(await modal().findByText(PREFERENCE_MESSAGES.saved)).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/auth/preferences');
    expect((put.body as { widgets: Record<string, boolean> }).widgets['xsd-prices']).toBe(false);
    expect(screen.getByTestId('order').textContent).toContain('xsd-prices(hidden)');
    expect(localStorage.getItem(DASHBOARD_PREFERENCES_KEY)).toBeNull();
  });

  it('shows the layout saved on the server, and clears it there on Reset to Defaults', async () => {
    const saved = toPreferences(moveWidget(defaultEntries(), 5, -1));
    const calls = serve({
      'GET /api/auth/me': () => staff,
      'GET /api/auth/preferences': () => ({ status: 200, body: { ...saved, updated_at: '2026-11-22T13:00:00.000Z' } }),
      'PUT /api/auth/preferences': () => ({ status: 200, body: DEFAULT_DASHBOARD_PREFERENCES }),
    });
    renderHarness();
    expect(await screen.findByText(/bankx-prices,xsd-prices/)).toBeTruthy();
    await userEvent.click(modal().getByRole('button', { name: 'Reset to Defaults' }));
    await vi.waitFor(() => expect(screen.getByTestId('order').textContent).toMatch(/xsd-prices,bankx-prices$/));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ layout: null, widgets: null, theme: null });
  });

  it("falls back to the browser's copy with 'Failed to load your dashboard preferences', and reports a failed save", async () => {
    localStorage.setItem(DASHBOARD_PREFERENCES_KEY, JSON.stringify(toPreferences(moveWidget(defaultEntries(), 5, -1))));
    const failure = { status: 503, body: { error: { code: 'unavailable', message: 'Try again later' } } };
    serve({
      'GET /api/auth/me': () => staff,
      'GET /api/auth/preferences': () => failure,
      'PUT /api/auth/preferences': () => failure,
    });
    renderHarness();
    expect(await modal().findByText(PREFERENCE_MESSAGES.loadFailed)).toBeTruthy();
    expect(screen.getByTestId('order').textContent).toContain('bankx-prices,xsd-prices');
    await userEvent.click(modal().getByRole('button', { name: 'Save Preferences' }));
    expect(await modal().findByText(PREFERENCE_MESSAGES.saveFailed)).toBeTruthy();
  });
});
