// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { resolveNetworks } from '@xsd/contracts';
import { toNetworkEntry } from '@xsd/contracts/api/networks';
import type { WalletScanResponse } from '@xsd/contracts/api/wallets';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { networksQueryOptions } from '../../api/get-networks';
import { recordBeacons } from '../../lib/analytics/beacon-recorder';
import { REFRESH } from '../../config/site';
import WalletCheckerRoute from './wallet-checker';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const SCAN: WalletScanResponse = {
  address: ADDRESS,
  scanned_at: '2026-05-01T10:00:00.000Z',
  chains: [{ chain: 'BSC', status: 'ok', balances: { XSD: 1000, BankX: 0 }, block_number: 1 }],
  balances: [{ token: 'XSD', chain: 'BSC', balance: 1000, price: 2.5, value: 2500, pegValue: 2400, pegDeviation: 4.1666 }],
  total_value: 2500,
  silver_price_per_gram: 2.4,
  failed_chains: [],
};

/** The silver price the server answers now; each read counted. */
let silver = 2.5;
let silverReads = 0;
const realFetch = globalThis.fetch;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  silverReads = 0;
  // The scan's analytics beacon, kept in the page.
  recordBeacons();
  globalThis.fetch = async (input) => {
    const url = String(input);
    if (url === '/api/silver/latest') {
      silverReads += 1;
      const body = { price_per_gram: silver, timestamp: new Date().toISOString(), source: 'test', current: silver, high24h: silver, low24h: silver, change24h: 0, changePercent: 0, lastUpdate: new Date().toISOString(), hasHistoricalData: true };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    expect(url).toBe(`/api/wallets/${ADDRESS}`);
    return new Response(JSON.stringify(SCAN), { status: 200, headers: { 'content-type': 'application/json' } });
  };
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  globalThis.fetch = realFetch;
  vi.useRealTimers();
});

describe('the /wallet-checker route', () => {
  it('re-reads the silver price every 30 s, and the XSD peg follows it', async () => {
    expect(REFRESH.scannerSilver).toBe(30_000);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    client.setQueryData(networksQueryOptions().queryKey, { items: resolveNetworks('devnet').map(toNetworkEntry) });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/wallet-checker']}>
          <WalletCheckerRoute />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await vi.waitFor(() => expect(silverReads).toBe(1));
    fireEvent.change(screen.getByLabelText('Wallet address'), { target: { value: ADDRESS } });
    fireEvent.click(screen.getByRole('button', { name: 'Scan Portfolio' }));
    fireEvent.click(await screen.findByRole('tab', { name: 'Holdings' }));
    const peg = () => within(screen.getByTestId('holdings-table')).getAllByRole('cell')[4]!.textContent;
    // The price 2.5 against silver read at 2.5 (not the scan's 2.4): on the peg.
    expect(peg()).toBe('0.00%');

    silver = 2.0;
    await act(() => vi.advanceTimersByTimeAsync(REFRESH.scannerSilver - 1_000));
    expect(silverReads).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await vi.waitFor(() => expect(silverReads).toBe(2));
    await vi.waitFor(() => expect(peg()).toBe('25.00%'));
  });
});
