import { useState } from 'react';
import { useNetworks } from '../../../api/get-networks';
import { Page } from '../../../components/ui/page';
import { Panel } from '../../../components/ui/panel';
import { walletName } from '../../../lib/browser-wallet';
import { useBrowserWallet, useWalletAdd } from '../hooks/use-wallet-add';
import { addressOf, networkItem, shortAddress, tokenItems } from '../lib/wallet-items';
import { AddRow } from './add-row';
import { CollapsibleSection } from './collapsible-section';
import './add-to-wallet.css';

/** /add-to-wallet: add the networks and the XSD and BankX tokens to the browser wallet. */
export function AddToWallet() {
  const networks = useNetworks();
  const wallet = useBrowserWallet();
  const { states, notice, pending, add } = useWalletAdd();
  const [open, setOpen] = useState({ networks: true, tokens: true });

  const items = networks.data?.items ?? [];
  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  return (
    <Page
      className="add-to-wallet"
      title="Add to Wallet"
      subtitle="Add the supported networks and the XSD and BankX tokens to your browser wallet."
      actions={
        <span className={`tag ${wallet ? 'ok' : 'err'}`} data-testid="wallet-badge">
          {wallet ? `● ${walletName(wallet)} detected` : '○ No wallet detected'}
        </span>
      }
    >

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
          <CollapsibleSection title="Networks" open={open.networks} onToggle={() => setOpen((o) => ({ ...o, networks: !o.networks }))}>
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
          </CollapsibleSection>
          <CollapsibleSection title="Tokens" open={open.tokens} onToggle={() => setOpen((o) => ({ ...o, tokens: !o.tokens }))}>
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
          </CollapsibleSection>
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
    </Page>
  );
}
