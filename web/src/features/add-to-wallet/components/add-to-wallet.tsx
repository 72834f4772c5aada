import { addEthereumChainParameter, type NetworkEntry } from '@xsd/contracts/api/networks';
import type { TokenName } from '@xsd/contracts/chains/names';
import {
  NO_WALLET_MESSAGE,
  walletAddCancelledMessage,
  walletAddErrorMessage,
  walletAddSuccessMessage,
  type WalletAddKind,
} from '@xsd/contracts/rules/wallet-add';
import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { Panel } from '../../../components/ui/panel';
import { browserWallet, walletName, type Eip1193Provider } from '../../../lib/browser-wallet';
import { useNetworks } from '../../../api/get-networks';
import './add-to-wallet.css';

type AddState = 'idle' | 'adding' | 'done';

interface Notice {
  readonly tone: 'ok' | 'err';
  readonly text: string;
}

/** One thing a wallet can add: a network, or a token on a network. */
interface WalletItem {
  readonly key: string;
  readonly kind: WalletAddKind;
  /** What the messages call it: 'Polygon', 'XSD'. */
  readonly name: string;
  readonly network: NetworkEntry;
  readonly request: { readonly method: string; readonly params: unknown };
}

const TOKEN_SYMBOLS: readonly TokenName[] = ['XSD', 'BankX'];

function networkItem(network: NetworkEntry): WalletItem {
  return {
    key: `network:${network.name}`,
    kind: 'network',
    name: network.name,
    network,
    request: { method: 'wallet_addEthereumChain', params: [addEthereumChainParameter(network)] },
  };
}

function tokenItems(network: NetworkEntry, origin: string): WalletItem[] {
  const tokens = [
    ...TOKEN_SYMBOLS.flatMap((symbol) => {
      const address = network.tokens[symbol];
      return address ? [{ symbol: symbol as string, address }] : [];
    }),
    ...network.listed_tokens.map((t) => ({ symbol: t.symbol, address: t.address })),
  ];
  return tokens.map(({ symbol, address }) => ({
    key: `token:${network.name}:${symbol}`,
    kind: 'token',
    name: symbol,
    network,
    request: {
      method: 'wallet_watchAsset',
      params: { type: 'ERC20', options: { address, symbol, decimals: 18, image: `${origin}/favicon.svg` } },
    },
  }));
}

// Wallets inject their provider before or shortly after the page loads; a re-read on focus
// catches one installed or unlocked while the page was open.
const subscribeToFocus = (onChange: () => void) => {
  window.addEventListener('focus', onChange);
  return () => window.removeEventListener('focus', onChange);
};

function useBrowserWallet(): Eip1193Provider | null {
  return useSyncExternalStore(subscribeToFocus, browserWallet, () => null);
}

/** /add-to-wallet: add the networks and the XSD and BankX tokens to the browser wallet. */
export function AddToWallet() {
  const networks = useNetworks();
  const wallet = useBrowserWallet();
  const [states, setStates] = useState<Readonly<Record<string, AddState>>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [open, setOpen] = useState({ networks: true, tokens: true });
  const pending = Object.values(states).includes('adding');

  async function add(item: WalletItem) {
    const provider = browserWallet();
    if (!provider) {
      setNotice({ tone: 'err', text: NO_WALLET_MESSAGE });
      return;
    }
    setStates((s) => ({ ...s, [item.key]: 'adding' }));
    setNotice(null);
    try {
      const answer = await provider.request(item.request);
      // wallet_watchAsset answers false when the visitor closes the prompt without adding.
      if (item.kind === 'token' && answer === false) {
        setStates((s) => ({ ...s, [item.key]: 'idle' }));
        setNotice({ tone: 'err', text: walletAddCancelledMessage('token') });
        return;
      }
      setStates((s) => ({ ...s, [item.key]: 'done' }));
      setNotice({ tone: 'ok', text: walletAddSuccessMessage(item.kind, item.name) });
    } catch (error) {
      setStates((s) => ({ ...s, [item.key]: 'idle' }));
      setNotice({ tone: 'err', text: walletAddErrorMessage(item.kind, item.name, error) });
    }
  }

  const items = networks.data?.items ?? [];
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  return (
    <div className="page add-to-wallet">
      <PageHeader
        title="Add to Wallet"
        subtitle="Add the supported networks and the XSD and BankX tokens to your browser wallet."
        actions={
          <span className={`tag ${wallet ? 'ok' : 'err'}`} data-testid="wallet-badge">
            {wallet ? `● ${walletName(wallet)} detected` : '○ No wallet detected'}
          </span>
        }
      />

      <div aria-live="polite" className="atw-notice-slot">
        {notice ? (
          <p className={`atw-notice atw-notice--${notice.tone}`} role={notice.tone === 'err' ? 'alert' : 'status'} data-testid="wallet-notice">
            {notice.text}
          </p>
        ) : null}
      </div>

      {networks.isPending ? <p className="muted">Loading networks…</p> : null}
      {networks.isError ? <p className="error-text">Failed to load the networks. Please try again.</p> : null}

      {items.length > 0 ? (
        <>
          <Section title="Networks" open={open.networks} onToggle={() => setOpen((o) => ({ ...o, networks: !o.networks }))}>
            <ul className="atw-list">
              {items.map((network) => (
                <AddRow
                  key={network.name}
                  item={network.coming_soon ? null : networkItem(network)}
                  label={network.name}
                  detail={`Chain ID ${network.chain_id} · ${network.native_currency.symbol}`}
                  state={states[`network:${network.name}`] ?? 'idle'}
                  blocked={pending}
                  onAdd={add}
                />
              ))}
            </ul>
          </Section>
          <Section title="Tokens" open={open.tokens} onToggle={() => setOpen((o) => ({ ...o, tokens: !o.tokens }))}>
            <ul className="atw-list">
              {items.flatMap((network) => {
                const tokens = tokenItems(network, origin);
                if (tokens.length === 0) {
                  return [
                    <AddRow
                      key={`token:${network.name}`}
                      item={null}
                      label={`XSD & BankX on ${network.name}`}
                      detail={network.coming_soon ? 'Coming soon' : 'Not deployed yet'}
                      state="idle"
                      blocked
                      onAdd={add}
                    />,
                  ];
                }
                return tokens.map((item) => (
                  <AddRow
                    key={item.key}
                    item={network.coming_soon ? null : item}
                    label={`${item.name} on ${network.name}`}
                    detail={shortAddress(addressOf(item))}
                    state={states[item.key] ?? 'idle'}
                    blocked={pending}
                    onAdd={add}
                  />
                ));
              })}
            </ul>
          </Section>
        </>
      ) : null}

      <Panel title="Instructions" tone="info">
        <ol className="atw-steps">
          <li>Install a browser wallet such as MetaMask and unlock it.</li>
          <li>Press Add Network for each network you use; your wallet asks you to approve it.</li>
          <li>Switch your wallet to that network, then press Add Token for XSD and BankX.</li>
          <li>Networks marked Coming Soon cannot be added yet.</li>
        </ol>
      </Panel>
    </div>
  );
}

function addressOf(item: WalletItem): string {
  return (item.request.params as { options: { address: string } }).options.address;
}

const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

function Section({ title, open, onToggle, children }: { readonly title: string; readonly open: boolean; readonly onToggle: () => void; readonly children: ReactNode }) {
  return (
    <Panel
      title={title}
      actions={
        <button type="button" className="btn btn--ghost btn--small" aria-expanded={open} onClick={onToggle}>
          {open ? '[-] Hide' : '[+] Show'}
        </button>
      }
    >
      {open ? children : null}
    </Panel>
  );
}

interface AddRowProps {
  /** Null for something that cannot be added (coming soon). */
  readonly item: WalletItem | null;
  readonly label: string;
  readonly detail: string;
  readonly state: AddState;
  /** Another request is waiting for the wallet. */
  readonly blocked: boolean;
  readonly onAdd: (item: WalletItem) => void;
}

function AddRow({ item, label, detail, state, blocked, onAdd }: AddRowProps) {
  const verb = item?.kind === 'token' ? 'Add Token' : 'Add Network';
  const text = !item ? 'Coming Soon' : state === 'adding' ? 'Adding...' : state === 'done' ? '✓ Added' : verb;
  return (
    <li className="atw-row" data-testid={item ? item.key : undefined}>
      <span className="atw-row__label">{label}</span>
      <span className="atw-row__detail muted">{detail}</span>
      <button
        type="button"
        className={`btn btn--small${state === 'done' ? '' : ' btn--primary'}`}
        disabled={!item || state !== 'idle' || blocked}
        aria-label={item ? `${verb}: ${label}` : `${label}: coming soon`}
        onClick={() => item && onAdd(item)}
      >
        {text}
      </button>
    </li>
  );
}
