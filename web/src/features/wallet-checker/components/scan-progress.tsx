import type { WalletChainResult } from '@xsd/contracts/api/wallets';
import type { ChainName } from '@xsd/contracts/chains/names';

export interface ScanProgressProps {
  /** The networks a scan reads (active, with token addresses). */
  readonly chains: readonly ChainName[];
  /** Null while the scan runs. */
  readonly results: readonly WalletChainResult[] | null;
}

/** One line per network: scanning, then read or failed. */
export function ScanProgress({ chains, results }: ScanProgressProps) {
  const done = results?.length ?? 0;
  return (
    <div className="wc-progress" data-testid="scan-progress">
      <p className="muted">
        {results ? `Scanned ${done} network${done === 1 ? '' : 's'}` : `Scanning ${chains.length} networks…`}
      </p>
      <ul className="wc-progress__list">
        {chains.map((chain) => {
          const result = results?.find((r) => r.chain === chain);
          const state = !results ? 'scanning' : result?.status === 'ok' ? 'ok' : result ? 'failed' : 'skipped';
          return (
            <li key={chain} data-testid={`progress-${chain}`} data-state={state}>
              <span className={state === 'ok' ? 'ok' : state === 'failed' ? 'err' : 'muted'} aria-hidden="true">
                {state === 'ok' ? '[✓]' : state === 'failed' ? '[✗]' : state === 'scanning' ? '[…]' : '[-]'}
              </span>{' '}
              {chain} <span className="muted">{state === 'scanning' ? 'scanning' : state === 'ok' ? 'read' : state}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
