// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resolveNetworks } from '@xsd/contracts';
import { toNetworkEntry } from '@xsd/contracts/api/networks';
import type { WalletScanResponse } from '@xsd/contracts/api/wallets';
import { encodeSnapshot } from '@xsd/contracts/rules/portfolio-snapshot';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordBeacons } from '../../../lib/analytics/beacon-recorder';
import { networksQueryOptions } from '../../../api/get-networks';
import { LAST_SCAN_KEY, SAVED_ADDRESSES_KEY } from '../lib/saved-addresses';
import { WalletChecker } from './wallet-checker';

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

function renderPage(url = '/wallet-checker') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(networksQueryOptions().queryKey, { items: resolveNetworks('devnet').map(toNetworkEntry) });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <WalletChecker />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The scan route's answer, given by the test (the server is not running in this tier). */
let answer: { status: number; body: unknown };
const realFetch = globalThis.fetch;
let beacons: ReturnType<typeof recordBeacons>;
beforeEach(() => {
  beacons = recordBeacons();
  globalThis.fetch = async (input) => {
    expect(String(input)).toBe(`/api/wallets/${ADDRESS}`);
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  };
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  globalThis.fetch = realFetch;
  vi.restoreAllMocks();
});

const scanResponse = (failed: readonly ('Ethereum' | 'BSC')[]): WalletScanResponse => ({
  address: ADDRESS,
  scanned_at: '2026-05-01T10:00:00.000Z',
  chains: [
    { chain: 'Ethereum', status: failed.includes('Ethereum') ? 'failed' : 'ok', ...(failed.includes('Ethereum') ? { error: 'down' } : { balances: { XSD: 1000, BankX: 5000 }, block_number: 1 }) } as WalletScanResponse['chains'][number],
    { chain: 'BSC', status: 'ok', balances: { XSD: 1000, BankX: 0 }, block_number: 1 },
  ],
  balances: [
    ...(failed.includes('Ethereum') ? [] : [{ token: 'XSD' as const, chain: 'Ethereum' as const, balance: 1000, price: 2.5, value: 2500 }, { token: 'BankX' as const, chain: 'Ethereum' as const, balance: 5000, price: 0.5, value: 2500 }]),
    { token: 'XSD', chain: 'BSC', balance: 1000, price: 2.5, value: 2500 },
  ],
  total_value: failed.includes('Ethereum') ? 2500 : 7500,
  silver_price_per_gram: 2.4,
  failed_chains: failed,
});

const input = () => screen.getByLabelText('Wallet address');

describe('WalletChecker', () => {
  it('marks the address valid or not and scans only a valid one', async () => {
    renderPage();
    const button = screen.getByRole('button', { name: 'Scan Portfolio' });
    expect(button.hasAttribute('disabled')).toBe(true);
    await userEvent.type(input(), '0x12');
    expect(screen.getByTestId('validity-dot').getAttribute('aria-label')).toBe('Invalid address');
    expect(button.hasAttribute('disabled')).toBe(true);
    await userEvent.clear(input());
    await userEvent.type(input(), ADDRESS);
    expect(screen.getByTestId('validity-dot').getAttribute('aria-label')).toBe('Valid address');
    expect(button.hasAttribute('disabled')).toBe(false);
  });

  it("shows 'Scan Error' when some chains failed, next to what was read, and starts the cooldown", async () => {
    answer = { status: 200, body: scanResponse(['Ethereum']) };
    renderPage();
    await userEvent.type(input(), ADDRESS);
    await userEvent.click(screen.getByRole('button', { name: 'Scan Portfolio' }));
    const error = await screen.findByTestId('scan-error');
    expect(within(error).getByRole('heading').textContent).toBe('Scan Error');
    expect(within(error).getByRole('alert').textContent).toBe('Failed to fetch some balances. Please try again.');
    expect(screen.getByTestId('progress-Ethereum').getAttribute('data-state')).toBe('failed');
    expect(screen.getByTestId('progress-BSC').getAttribute('data-state')).toBe('ok');
    expect(screen.getByTestId('total-value').textContent).toBe('$2,500.00');
    expect(Number(localStorage.getItem(LAST_SCAN_KEY))).toBeGreaterThan(Date.now() - 5_000);
    expect(screen.getByTestId('cooldown').textContent).toMatch(/^Please wait (5:00|4:59) before updating again\.$/);
    // The scan is reported as a custom analytics event, without the address.
    expect(await beacons.bodies()).toContainEqual(expect.objectContaining({ event_type: 'wallet_scan', event_data: { chains: 2, failed_chains: 1, holdings: expect.any(Number) } }));
  });

  it("shows 'Scan Error' when the scan fails and allows a retry at once", async () => {
    answer = { status: 502, body: { error: { code: 'bad_gateway', message: 'upstream' } } };
    renderPage();
    await userEvent.type(input(), ADDRESS);
    await userEvent.click(screen.getByRole('button', { name: 'Scan Portfolio' }));
    expect((await screen.findByTestId('scan-error')).textContent).toContain('Failed to fetch some balances. Please try again.');
    expect(localStorage.getItem(LAST_SCAN_KEY)).toBeNull();
    expect(screen.getByRole('button', { name: 'Scan Portfolio' }).hasAttribute('disabled')).toBe(false);
  });

  it('counts the cooldown from the stored last-scan time', () => {
    localStorage.setItem(LAST_SCAN_KEY, String(Date.now() - 60_000));
    renderPage();
    expect(screen.getByTestId('cooldown').textContent).toMatch(/^Please wait (4:00|3:59) before updating again\.$/);
    expect(screen.getByRole('button', { name: /^Scan Portfolio \((4:00|3:59)\)$/ }).hasAttribute('disabled')).toBe(true);
  });

  it('saves an address with a label and lists it in Quick Access', async () => {
    renderPage();
    await userEvent.type(input(), ADDRESS);
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    const save = screen.getByRole('button', { name: 'Save Wallet' });
    expect(save.hasAttribute('disabled')).toBe(true);
    await userEvent.type(screen.getByLabelText('Label'), '  Cold  ');
    await userEvent.click(save);
    const stored = JSON.parse(localStorage.getItem(SAVED_ADDRESSES_KEY)!);
    expect(stored).toEqual([{ id: expect.any(String), address: ADDRESS, label: 'Cold', savedAt: expect.any(String), isFavorite: true }]);
    await userEvent.clear(input());
    const quick = () => within(screen.getByTestId('quick-access'));
    await userEvent.click(quick().getByRole('button', { name: /^Cold/ }));
    expect((input() as HTMLInputElement).value).toBe(ADDRESS);
    // No longer a favourite: out of the favourites view, still under Show All.
    await userEvent.click(quick().getByRole('button', { name: 'Favorite: Cold' }));
    expect(quick().queryByRole('button', { name: /^Cold/ })).toBeNull();
    await userEvent.click(quick().getByRole('button', { name: 'Show All (1)' }));
    expect(quick().getByRole('button', { name: 'Favorite: Cold' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('opens a shared snapshot read-only and refuses a damaged one', async () => {
    const data = encodeSnapshot({
      tokens: [{ token: 'XSD', chain: 'Base', balance: 20, value: 50 }],
      totalValue: 50,
      timestamp: '2026-05-01T10:00:00.000Z',
    });
    renderPage(`/wallet-checker?data=${data}`);
    expect(screen.getByTestId('shared-banner')).toBeTruthy();
    expect(screen.getByTestId('total-value').textContent).toBe('$50.00');
    expect(screen.queryByLabelText('Wallet address')).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Export' })).toBeNull();
    cleanup();
    renderPage('/wallet-checker?data=%7B%22tokens%22');
    expect(screen.getByTestId('shared-invalid').textContent).toContain('This shared portfolio link is invalid or damaged.');
    await userEvent.click(screen.getByRole('button', { name: 'Scan a Wallet' }));
    expect(screen.getByLabelText('Wallet address')).toBeTruthy();
  });
});
