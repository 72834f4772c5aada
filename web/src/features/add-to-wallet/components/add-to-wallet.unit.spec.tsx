// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resolveNetworks } from '@xsd/contracts';
import { toNetworkEntry } from '@xsd/contracts/api/networks';
import { NO_WALLET_MESSAGE } from '@xsd/contracts/rules/wallet-add';
import { afterEach, describe, expect, it } from 'vitest';
import { networksQueryOptions } from '../../../api/get-networks';
import { AddToWallet } from './add-to-wallet';

type Request = { method: string; params?: unknown };

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(networksQueryOptions().queryKey, { items: resolveNetworks('devnet').map(toNetworkEntry) });
  return render(
    <QueryClientProvider client={client}>
      <AddToWallet />
    </QueryClientProvider>,
  );
}

/** A wallet whose answers the test gives, one request at a time. */
function installWallet() {
  const pending: { request: Request; resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
  (window as unknown as { ethereum: unknown }).ethereum = {
    isMetaMask: true,
    request: (request: Request) => new Promise((resolve, reject) => pending.push({ request, resolve, reject })),
  };
  return pending;
}

const row = (key: string) => within(screen.getByTestId(key)).getByRole('button');

afterEach(() => {
  cleanup();
  delete (window as { ethereum?: unknown }).ethereum;
});

describe('AddToWallet', () => {
  it('goes idle, adding, done for a network, and blocks other adds while the wallet is asked', async () => {
    const pending = installWallet();
    renderPage();
    expect(screen.getByTestId('wallet-badge').textContent).toBe('● MetaMask detected');
    await userEvent.click(row('network:Base'));
    expect(row('network:Base').textContent).toBe('Adding...');
    expect(row('network:Base').hasAttribute('disabled')).toBe(true);
    expect(row('network:Ethereum').hasAttribute('disabled')).toBe(true);
    expect(pending[0]!.request).toEqual({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId: '0x2105',
          chainName: 'Base',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: ['http://127.0.0.1:8550'],
          blockExplorerUrls: ['https://basescan.org'],
        },
      ],
    });
    pending[0]!.resolve(null);
    await waitFor(() => expect(screen.getByTestId('wallet-notice').textContent).toBe('Successfully added Base network to your wallet!'));
    expect(row('network:Base').textContent).toBe('✓ Added');
    expect(row('network:Ethereum').hasAttribute('disabled')).toBe(false);
  });

  it('returns to idle with the spec message after a rejection', async () => {
    const pending = installWallet();
    renderPage();
    await userEvent.click(row('token:Arbitrum:BankX'));
    expect(pending[0]!.request).toMatchObject({
      method: 'wallet_watchAsset',
      params: { type: 'ERC20', options: { address: '0xDE02000000000000000000000000000000042161', symbol: 'BankX', decimals: 18 } },
    });
    pending[0]!.reject({ code: 4001, message: 'User rejected' });
    await waitFor(() => expect(screen.getByTestId('wallet-notice').textContent).toBe('Token addition was rejected by user.'));
    expect(row('token:Arbitrum:BankX').textContent).toBe('Add Token');
  });

  it('disables the coming-soon chain and hides a section on its toggle', async () => {
    installWallet();
    renderPage();
    expect(screen.getByRole('button', { name: 'Pulsechain: coming soon' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Add Network: Avalanche' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'PLSX on Pulsechain: coming soon' }).hasAttribute('disabled')).toBe(true);
    const [networksToggle] = screen.getAllByRole('button', { name: '[-] Hide' });
    await userEvent.click(networksToggle!);
    expect(screen.queryByTestId('network:Ethereum')).toBeNull();
  });

  it('says no wallet is installed', async () => {
    renderPage();
    expect(screen.getByTestId('wallet-badge').textContent).toBe('○ No wallet detected');
    await userEvent.click(row('network:Polygon'));
    expect(screen.getByTestId('wallet-notice').textContent).toBe(NO_WALLET_MESSAGE);
  });
});
