import { SCAN_PARTIAL_FAILURE_MESSAGE } from '@xsd/contracts/api/wallets';
import type { ChainName } from '@xsd/contracts/chains/names';
import { portfolioSnapshot } from '@xsd/contracts/rules/portfolio-snapshot';
import { atSilverPrice } from '@xsd/contracts/rules/wallet-values';
import { cooldownRemainingMs, isSaved, isScannableAddress, saveAddress, toggleFavorite } from '@xsd/contracts/rules/wallet-scanner';
import { useMemo, useState } from 'react';
import { useNetworks } from '../../../api/get-networks';
import { Page } from '../../../components/ui/page';
import { Panel } from '../../../components/ui/panel';
import { trackEvent } from '../../../lib/analytics/browser-tracker';
import { useNow } from '../../../lib/use-now';
import { useScanWallet } from '../api/scan-wallet';
import { useLastScan, useSavedAddresses } from '../lib/saved-addresses';
import { AddressForm } from './address-form';
import { PortfolioResults } from './portfolio-results';
import { QuickAccess } from './quick-access';
import { SaveAddressDialog } from './save-address-dialog';
import { ScanProgress } from './scan-progress';

/** The scanner: an address in, its holdings across the networks out, with a cooldown between scans. */
export function Scanner({ silverGramPrice }: { readonly silverGramPrice: number | null }) {
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
  // XSD's peg values follow the silver price polled since the scan; the scan's own until one comes.
  const balances = useMemo(
    () => (result ? (silverGramPrice === null ? result.balances : atSilverPrice(result.balances, silverGramPrice)) : []),
    [result, silverGramPrice],
  );
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
    <Page className="wallet-checker" title="Portfolio Scanner" subtitle="XSD and BankX holdings of a wallet across every supported network.">
      <Panel title="Wallet">
        <AddressForm
          address={address}
          onAddressChange={setAddress}
          saved={isSaved(saved, trimmed)}
          onSave={() => setDialogOpen(true)}
          canScan={canScan}
          scanning={scanning}
          remaining={remaining}
          onScan={startScan}
          refreshAddress={result?.address ?? null}
        />
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
          <PortfolioResults entries={balances} totalValue={result.total_value} snapshot={snapshot} readOnly={false} />
        </Panel>
      ) : null}
    </Page>
  );
}
