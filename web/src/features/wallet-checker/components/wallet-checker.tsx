import { SCAN_PARTIAL_FAILURE_MESSAGE } from '@xsd/contracts/api/wallets';
import type { ChainName } from '@xsd/contracts/chains/names';
import { decodeSnapshot, portfolioSnapshot, snapshotEntries } from '@xsd/contracts/rules/portfolio-snapshot';
import {
  cooldownMessage,
  cooldownRemainingMs,
  formatCooldown,
  isSaved,
  isScannableAddress,
  saveAddress,
  toggleFavorite,
} from '@xsd/contracts/rules/wallet-scanner';
import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header';
import { Panel } from '../../../components/ui/panel';
import { useNetworks } from '../../../api/get-networks';
import { useNow } from '../../../lib/use-now';
import { useScanWallet } from '../api/scan-wallet';
import { useLastScan, useSavedAddresses } from '../lib/saved-addresses';
import { PortfolioResults } from './portfolio-results';
import { QuickAccess } from './quick-access';
import { SaveAddressDialog } from './save-address-dialog';
import { ScanProgress } from './scan-progress';
import './wallet-checker.css';
import { trackEvent } from '../../../lib/analytics/browser-tracker';

/** /wallet-checker: scan an address, or open a shared snapshot (`?data=`) read-only. */
export function WalletChecker() {
  const [params, setParams] = useSearchParams();
  const data = params.get('data');
  if (data !== null) return <SharedSnapshot data={data} onLeave={() => setParams({})} />;
  return <Scanner />;
}

function SharedSnapshot({ data, onLeave }: { readonly data: string; readonly onLeave: () => void }) {
  const snapshot = useMemo(() => decodeSnapshot(data), [data]);
  const entries = useMemo(() => (snapshot ? snapshotEntries(snapshot) : []), [snapshot]);
  return (
    <div className="page wallet-checker">
      <PageHeader title="Portfolio Scanner" subtitle="A shared portfolio snapshot, read-only." />
      {snapshot ? (
        <>
          <p className="wc-banner" data-testid="shared-banner">
            Shared snapshot of {new Date(snapshot.timestamp).toLocaleString()} · read-only · wallet address not included
          </p>
          <PortfolioResults entries={entries} totalValue={snapshot.totalValue} snapshot={snapshot} readOnly />
        </>
      ) : (
        <Panel title="Invalid Link" tone="error" testId="shared-invalid">
          <p>This shared portfolio link is invalid or damaged.</p>
        </Panel>
      )}
      <button type="button" className="btn" onClick={onLeave}>
        Scan a Wallet
      </button>
    </div>
  );
}

function Scanner() {
  const inputId = useId();
  const [address, setAddress] = useState('');
  const [saved, setSaved] = useSavedAddresses();
  const [lastScan, setLastScan] = useLastScan();
  const [dialogOpen, setDialogOpen] = useState(false);
  const scan = useScanWallet();
  const networks = useNetworks();
  const now = useNow(1_000, cooldownRemainingMs(lastScan, Date.now()) > 0);
  const remaining = cooldownRemainingMs(lastScan, now);
  const valid = isScannableAddress(address);
  const trimmed = address.trim();
  const scanning = scan.isPending;
  const canScan = valid && !scanning && remaining === 0;

  const scannedChains = useMemo<ChainName[]>(
    () =>
      (networks.data?.items ?? [])
        .filter((n) => !n.coming_soon && n.tokens.XSD !== null && n.tokens.BankX !== null && n.rpc_urls.length > 0)
        .map((n) => n.name),
    [networks.data],
  );

  const result = scan.data;
  const snapshot = useMemo(
    () => (result ? portfolioSnapshot(result.balances, result.total_value, new Date(result.scanned_at)) : null),
    [result],
  );

  function startScan(target: string) {
    if (!isScannableAddress(target) || scanning || cooldownRemainingMs(lastScan, Date.now()) > 0) return;
    scan.mutate(target.trim(), {
      // The cooldown counts from a scan that answered; a failed one may be retried at once.
      onSuccess: (scanned) => {
        setLastScan(Date.now());
        trackEvent('wallet_scan', { chains: scanned.chains.length, failed_chains: scanned.failed_chains.length, holdings: scanned.balances.length });
      },
    });
  }

  const errorMessage = scan.isError || (result && result.failed_chains.length > 0) ? SCAN_PARTIAL_FAILURE_MESSAGE : null;
  const saveLabel = saved.find((s) => s.address.toLowerCase() === trimmed.toLowerCase())?.label ?? '';

  return (
    <div className="page wallet-checker">
      <PageHeader title="Portfolio Scanner" subtitle="XSD and BankX holdings of a wallet across every supported network." />
      <Panel title="Wallet">
        <form
          className="wc-form"
          onSubmit={(event) => {
            event.preventDefault();
            startScan(address);
          }}
        >
          <label htmlFor={inputId} className="sr-only">
            Wallet address
          </label>
          <div className="wc-input-row">
            <span
              className={`wc-dot ${trimmed === '' ? 'muted' : valid ? 'ok' : 'err'}`}
              data-testid="validity-dot"
              data-valid={valid}
              role="img"
              aria-label={trimmed === '' ? 'No address' : valid ? 'Valid address' : 'Invalid address'}
            >
              ●
            </span>
            <input
              id={inputId}
              className="wc-input"
              value={address}
              placeholder="0x… wallet address"
              spellCheck={false}
              autoComplete="off"
              onChange={(event) => setAddress(event.target.value)}
            />
            <button
              type="button"
              className="btn btn--ghost wc-star"
              disabled={!valid}
              aria-label={isSaved(saved, trimmed) ? 'Edit saved address' : 'Save address'}
              onClick={() => setDialogOpen(true)}
            >
              {isSaved(saved, trimmed) ? '★' : '☆'}
            </button>
          </div>
          <div className="button-row">
            <button type="submit" className="btn btn--primary" disabled={!canScan}>
              {scanning ? 'Scanning Networks...' : remaining > 0 ? `Scan Portfolio (${formatCooldown(remaining)})` : 'Scan Portfolio'}
            </button>
            {result ? (
              <button type="button" className="btn" disabled={!canScan} onClick={() => startScan(result.address)}>
                Refresh
              </button>
            ) : null}
          </div>
          {remaining > 0 && !scanning ? (
            <p className="muted" role="status" data-testid="cooldown">
              {cooldownMessage(remaining)}
            </p>
          ) : null}
        </form>
        <QuickAccess
          saved={saved}
          onPick={setAddress}
          onRemove={(id) => setSaved(saved.filter((s) => s.id !== id))}
          onToggleFavorite={(id) => setSaved(toggleFavorite(saved, id))}
        />
      </Panel>

      {dialogOpen ? (
        <SaveAddressDialog
          open
          address={trimmed}
          initialLabel={saveLabel}
          onClose={() => setDialogOpen(false)}
          onSave={(label) => {
            setSaved(saveAddress(saved, { id: crypto.randomUUID(), address: trimmed, label, now: new Date() }));
            setDialogOpen(false);
          }}
        />
      ) : null}

      {errorMessage ? (
        <Panel title="Scan Error" tone="error" testId="scan-error">
          <p role="alert">{errorMessage}</p>
        </Panel>
      ) : null}

      {scanning || result ? <ScanProgress chains={scannedChains} results={scanning ? null : (result?.chains ?? null)} /> : null}

      {result && snapshot && !scanning ? (
        <Panel title={`Portfolio · ${result.address}`} testId="portfolio">
          <PortfolioResults entries={result.balances} totalValue={result.total_value} snapshot={snapshot} readOnly={false} />
        </Panel>
      ) : null}
    </div>
  );
}
