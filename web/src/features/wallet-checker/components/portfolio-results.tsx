import { formatUsd } from '@xsd/contracts/rules/format';
import {
  analysePortfolio,
  NETWORK_VIEW_LIMIT,
  PORTFOLIO_ADVICE,
  portfolioCsv,
  portfolioExportFileName,
} from '@xsd/contracts/rules/portfolio-analysis';
import { shareLink, snapshotJson, type PortfolioSnapshot } from '@xsd/contracts/rules/portfolio-snapshot';
import type { WalletBalanceEntry } from '@xsd/contracts/rules/wallet-values';
import { lazy, Suspense, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { Panel } from '../../../components/ui/panel';
import { downloadFile } from '../lib/download';
import { NETWORK_PALETTE, TOKEN_COLOURS } from '../lib/palette';

const PortfolioChart = lazy(() => import('./portfolio-charts'));

const TABS = [
  { id: 'summary', label: 'Summary' },
  { id: 'allocation', label: 'Token Allocation' },
  { id: 'networks', label: 'Networks' },
  { id: 'risk', label: 'Risk Analysis' },
  { id: 'holdings', label: 'Holdings' },
  { id: 'export', label: 'Export' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export interface PortfolioResultsProps {
  readonly entries: readonly WalletBalanceEntry[];
  readonly totalValue: number;
  readonly snapshot: PortfolioSnapshot;
  /** A shared snapshot: nothing to export again, no share link of a share link. */
  readonly readOnly: boolean;
}

const formatBalance = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 4 });
const formatShare = (value: number | null) => (value === null ? '–' : `${value.toFixed(1)}%`);

export function PortfolioResults({ entries, totalValue, snapshot, readOnly }: PortfolioResultsProps) {
  const [tab, setTab] = useState<TabId>('summary');
  const analysis = useMemo(() => analysePortfolio(entries), [entries]);
  const id = useId();
  const tabs = readOnly ? TABS.filter((t) => t.id !== 'export') : TABS;

  function onKey(event: KeyboardEvent) {
    const index = tabs.findIndex((t) => t.id === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length]!;
    setTab(next.id);
    document.getElementById(`${id}-tab-${next.id}`)?.focus();
  }

  const { allocation } = analysis;
  const topNetworks = analysis.networks.slice(0, NETWORK_VIEW_LIMIT);

  return (
    <div className="wc-results" data-testid="portfolio-results">
      <div className="wc-tabs" role="tablist" aria-label="Portfolio views" onKeyDown={onKey}>
        {tabs.map((t) => (
          <button
            key={t.id}
            id={`${id}-tab-${t.id}`}
            type="button"
            role="tab"
            className={`btn btn--small${tab === t.id ? ' btn--primary' : ' btn--ghost'}`}
            aria-selected={tab === t.id}
            aria-controls={`${id}-pane`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id={`${id}-pane`} role="tabpanel" aria-labelledby={`${id}-tab-${tab}`} data-testid={`pane-${tab}`}>
        {tab === 'summary' ? (
          <>
            <div className="stat-grid wc-cards">
              {(['XSD', 'BankX'] as const).map((token) => (
                <dl className="stat" key={token} data-testid={`balance-${token}`}>
                  <dt>{token} balance</dt>
                  <dd>{formatBalance(allocation.balances[token])}</dd>
                  <dd className="muted wc-sub">{formatUsd(allocation.values[token])}</dd>
                </dl>
              ))}
            </div>
            <Panel title="Portfolio" level={3}>
              <dl className="kv">
                <dt>Total value</dt>
                <dd data-testid="total-value">{formatUsd(totalValue)}</dd>
                <dt>Holdings tier</dt>
                <dd data-testid="holdings-tier">{analysis.holdingsTier ?? 'None'}</dd>
                <dt>Networks</dt>
                <dd>{analysis.networks.length}</dd>
              </dl>
              {analysis.advice ? <p>{PORTFOLIO_ADVICE[analysis.advice]}</p> : <p className="muted">No XSD or BankX found on the scanned networks.</p>}
            </Panel>
          </>
        ) : null}
        {tab === 'allocation' ? (
          allocation.shares.XSD === null ? (
            <p className="muted">No holdings to allocate.</p>
          ) : (
            <>
              <Suspense fallback={<p className="muted">Loading chart…</p>}>
                <PortfolioChart
                  kind="donut"
                  caption="Token allocation"
                  slices={(['XSD', 'BankX'] as const).map((token) => ({ label: token, share: allocation.shares[token] ?? 0, colour: TOKEN_COLOURS[token] }))}
                />
              </Suspense>
              <dl className="kv">
                <dt>XSD</dt>
                <dd data-testid="share-XSD">{formatShare(allocation.shares.XSD)}</dd>
                <dt>BankX</dt>
                <dd data-testid="share-BankX">{formatShare(allocation.shares.BankX)}</dd>
                <dt>Measured by</dt>
                <dd>{allocation.basis === 'value' ? 'USD value' : 'balance (no prices yet)'}</dd>
              </dl>
            </>
          )
        ) : null}
        {tab === 'networks' ? (
          topNetworks.length === 0 ? (
            <p className="muted">No holdings on any network.</p>
          ) : (
            <>
              <Suspense fallback={<p className="muted">Loading chart…</p>}>
                <PortfolioChart
                  kind="bars"
                  caption="Share of the portfolio per network"
                  slices={topNetworks.map((n, i) => ({ label: n.chain, share: n.share, colour: NETWORK_PALETTE[i % NETWORK_PALETTE.length]! }))}
                />
              </Suspense>
              <ul className="wc-legend">
                {topNetworks.map((n, i) => (
                  <li key={n.chain} data-testid={`network-${n.chain}`}>
                    <span className={`wc-swatch wc-swatch--${i}`} aria-hidden="true">
                      ■
                    </span>{' '}
                    {n.chain} <span className="muted">{formatShare(n.share)}</span> {formatUsd(n.value)}
                  </li>
                ))}
              </ul>
            </>
          )
        ) : null}
        {tab === 'risk' ? (
          <dl className="kv">
            <dt>Risk score</dt>
            <dd data-testid="risk-score">{analysis.risk ? `${analysis.risk.score}/100 · ${analysis.risk.label}` : '–'}</dd>
            <dt>Diversification</dt>
            <dd data-testid="diversification" className={{ good: 'ok', moderate: 'warn', low: 'err' }[analysis.diversification.label]}>
              {analysis.diversification.score}/100 · {analysis.diversification.label}
            </dd>
          </dl>
        ) : null}
        {tab === 'holdings' ? (
          entries.length === 0 ? (
            <p className="muted">No XSD or BankX found on the scanned networks.</p>
          ) : (
            <div className="wc-table-wrap">
              <table className="wc-table" data-testid="holdings-table">
                <thead>
                  <tr>
                    <th scope="col">Token</th>
                    <th scope="col">Chain</th>
                    <th scope="col">Balance</th>
                    <th scope="col">Value</th>
                    <th scope="col">Peg</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((e) => (
                    <tr key={`${e.token}-${e.chain}`}>
                      <td>{e.token}</td>
                      <td>{e.chain}</td>
                      <td>{formatBalance(e.balance)}</td>
                      <td>{formatUsd(e.value)}</td>
                      <td className={pegClass(e.pegDeviation)}>{e.pegDeviation == null ? '–' : `${e.pegDeviation.toFixed(2)}%`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        ) : null}
        {tab === 'export' ? <ExportPane entries={entries} snapshot={snapshot} /> : null}
      </div>
    </div>
  );
}

/** Peg deviation colour: within 1 % green, within 5 % amber, else red. */
function pegClass(deviation: number | null | undefined): string | undefined {
  if (deviation == null) return undefined;
  const abs = Math.abs(deviation);
  return abs <= 1 ? 'ok' : abs <= 5 ? 'warn' : 'err';
}

function ExportPane({ entries, snapshot }: { readonly entries: readonly WalletBalanceEntry[]; readonly snapshot: PortfolioSnapshot }) {
  const [copied, setCopied] = useState(false);
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
      <button
        type="button"
        className="btn btn--small"
        onClick={() => {
          void navigator.clipboard?.writeText(link).then(
            () => {
              setCopied(true);
              setTimeout(() => setCopied(false), 2_000);
            },
            () => undefined,
          );
        }}
      >
        {copied ? 'Copied!' : 'Copy Link'}
      </button>
    </div>
  );
}
