// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { PegHealthResponse } from '@xsd/contracts/api/peg';
import { pegHealthEntryFixture } from '@xsd/contracts/testing/peg-fixtures';
import { afterEach, describe, expect, it } from 'vitest';
import { pegHealthQueryOptions } from '../api/get-peg-health';
import { PegHealthPanel } from './peg-health-panel';

const chain = pegHealthEntryFixture;

function renderPanel(answer: PegHealthResponse, days = 7) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(pegHealthQueryOptions(days).queryKey, answer);
  return render(
    <QueryClientProvider client={client}>
      <PegHealthPanel days={days} rangeLabel="7D" />
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('PegHealthPanel', () => {
  it("shows each chain's current deviation with its band and the share of time in each band", () => {
    renderPanel({
      days: 7,
      silver_price: 1.05,
      chains: [
        chain('Ethereum', { current: 3.2, tier: 'warning', worst: -6.5, shares: { good: 0.5, warning: 0.25, error: 0.25 }, measured_ms: 1 }),
        chain('BSC', { current: 0.4, tier: 'good', worst: 0.9, shares: { good: 1, warning: 0, error: 0 }, measured_ms: 1 }),
        chain('Base'),
      ],
    });
    expect(screen.getByRole('heading', { name: 'Peg health · 7D' })).toBeTruthy();
    const ethereum = within(screen.getByTestId('peg-Ethereum'));
    expect(ethereum.getByTestId('peg-current').textContent).toBe('+3.20% · Slight deviation');
    expect(ethereum.getByTestId('peg-current').className).toBe('warn');
    expect(ethereum.getByTestId('peg-shares').textContent).toBe('50.0% on peg · 25.0% slight · 25.0% off · worst -6.50%');
    expect(within(screen.getByTestId('peg-BSC')).getByTestId('peg-current').textContent).toBe('+0.40% · On peg');
    const base = within(screen.getByTestId('peg-Base'));
    expect(base.getByTestId('peg-current').textContent).toBe('N/A');
    expect(base.getByText('No readings in this range.')).toBeTruthy();
  });

  it('names the 1 % and 5 % bands', () => {
    renderPanel({ days: 7, silver_price: 1, chains: [] });
    expect(screen.getByTestId('peg-health').textContent).toMatch(/under 1% on peg.*up to 5% slight deviation/);
  });
});
