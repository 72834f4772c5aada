import { portfolioCsv, portfolioExportFileName } from '@xsd/contracts/rules/portfolio-analysis';
import { shareLink, snapshotJson, type PortfolioSnapshot } from '@xsd/contracts/rules/portfolio-snapshot';
import type { WalletBalanceEntry } from '@xsd/contracts/rules/wallet-values';
import { useCopyToClipboard } from '../../../components/ui/copy-button';
import { downloadFile } from '../lib/download';

/** JSON and CSV downloads and the read-only share link. */
export function ExportPane({ entries, snapshot }: { readonly entries: readonly WalletBalanceEntry[]; readonly snapshot: PortfolioSnapshot }) {
  const [copied, copy] = useCopyToClipboard();
  const link = shareLink(window.location.origin, snapshot);
  return (
    <div className="wc-export">
      <p className="muted">Exports and share links carry balances and values only, never the wallet address.</p>
      <div className="button-row">
        <button
          type="button"
          className="btn"
          onClick={() => downloadFile(portfolioExportFileName('json', new Date()), 'application/json', snapshotJson(snapshot))}
        >
          Export JSON
        </button>
        <button type="button" className="btn" onClick={() => downloadFile(portfolioExportFileName('csv', new Date()), 'text/csv', portfolioCsv(entries))}>
          Export CSV
        </button>
      </div>
      <label className="wc-share">
        <span className="muted">Share link (read-only snapshot)</span>
        <input className="wc-input" readOnly value={link} data-testid="share-link" onFocus={(event) => event.target.select()} />
      </label>
      <button type="button" className="btn btn--small" onClick={() => copy(link)}>
        {copied ? 'Copied!' : 'Copy Link'}
      </button>
    </div>
  );
}
