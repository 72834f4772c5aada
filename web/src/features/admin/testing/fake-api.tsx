import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';

/** One answer of the fake server: a status and a JSON body, or a promise the test settles. */
export type FakeAnswer = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;
export type FakeRoute = (request: { method: string; path: string; body: unknown }) => FakeAnswer | undefined;

export interface FakeApi {
  readonly calls: { method: string; path: string; body: unknown }[];
}

/**
 * Replaces fetch with routes the test declares (the browser's side of the API is what is under
 * test; the server's own tests cover the other side). Unrouted requests answer 404.
 */
export function fakeApi(routes: Record<string, FakeRoute | FakeAnswer>): FakeApi {
  const calls: FakeApi['calls'] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = String(input);
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path, body });
      const route = routes[`${method} ${path}`] ?? routes[`${method} ${path.split('?')[0]}`];
      const answer = await (typeof route === 'function' ? route({ method, path, body }) : route);
      const { status, body: responseBody } = answer ?? { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
      return new Response(responseBody === undefined ? '' : JSON.stringify(responseBody), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { calls };
}

export function renderWithQuery(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

export const me = (role: 'super_admin' | 'admin' | 'calendar_access', email = `${role}@silverboard.test`) => ({
  status: 200,
  body: { user: { id: `id-${role}`, email, role, last_login: null } },
});

export const unauthorized = { status: 401, body: { error: { code: 'unauthorized', message: 'Please sign in first.' } } };
