import { analysePortfolio } from '@xsd/contracts/rules/portfolio-analysis';
import type { PortfolioSnapshot } from '@xsd/contracts/rules/portfolio-snapshot';
import type { WalletBalanceEntry } from '@xsd/contracts/rules/wallet-values';
import { useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { AllocationPane } from './allocation-pane';
import { ExportPane } from './export-pane';
import { HoldingsPane } from './holdings-pane';
import { NetworksPane } from './networks-pane';
import { RiskPane } from './risk-pane';
import { SummaryPane } from './summary-pane';

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

/** The scan's views as tabs (arrow keys move between them), one pane shown at a time. */
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

  const panes: Record<TabId, ReactNode> = {
    summary: <SummaryPane analysis={analysis} totalValue={totalValue} />,
    allocation: <AllocationPane allocation={analysis.allocation} />,
    networks: <NetworksPane networks={analysis.networks} />,
    risk: <RiskPane analysis={analysis} />,
    holdings: <HoldingsPane entries={entries} />,
    export: <ExportPane entries={entries} snapshot={snapshot} />,
  };

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
        {panes[tab]}
      </div>
    </div>
  );
}
