import type { ChainName } from '@xsd/contracts';
import type { LatestPricesResponse } from '@xsd/contracts/api/prices';
import { ARBITRAGE_DISCLAIMER, ARBITRAGE_TOKEN, arbitrageAdvice, findArbitrage } from '@xsd/contracts/rules/arbitrage';
import { formatUsd } from '@xsd/contracts/rules/format';
import { useMemo, useState } from 'react';
import { Page } from '../../../components/ui/page';
import { Panel } from '../../../components/ui/panel';
import { PRICE_LOAD_FAILED_MESSAGE } from '../../../config/messages';
import { useArbitrageSettings } from '../lib/settings';
import { OpportunityCard } from './opportunity-card';
import { SettingsModal } from './settings-modal';
import './arbitrage.css';

export interface ArbitrageHunterProps {
  /** The latest prices, kept live by the page. */
  readonly latest: LatestPricesResponse | undefined;
  readonly isPending: boolean;
  readonly isError: boolean;
}

/** /arbitrage-hunter: XSD price gaps between networks, best first, by the visitor's thresholds. */
export function ArbitrageHunter({ latest, isPending, isError }: ArbitrageHunterProps) {
  const [settings, setSettings] = useArbitrageSettings();
  const [editing, setEditing] = useState(false);
  const rows = useMemo(() => (latest?.items ?? []).filter((row) => row.token_name === ARBITRAGE_TOKEN), [latest]);
  const networks = useMemo(() => rows.map((row) => row.chain_name as ChainName), [rows]);
  const opportunities = useMemo(() => findArbitrage(rows, settings), [rows, settings]);

  return (
    <Page
      className="arbitrage-page"
      testId="page-arbitrage"
      title="Arbitrage Hunter"
      subtitle="XSD price differences between networks, updated live."
      actions={
        <button type="button" className="btn btn--small" onClick={() => setEditing(true)} data-testid="open-settings">
          Settings
        </button>
      }
    >
      <p className="arb-summary muted" data-testid="arb-summary">
        Min {settings.minProfitPercentage.toFixed(1)}% and {formatUsd(settings.minProfitAmount)} profit on {formatUsd(settings.tradeAmount)}
        {settings.excludedNetworks.length > 0 ? `, excluding ${settings.excludedNetworks.join(', ')}` : ''}.
      </p>
      {settings.useAI && latest ? (
        <Panel title="Assistant" tone="accent" testId="arb-assistant">
          <p>{arbitrageAdvice(opportunities)}</p>
        </Panel>
      ) : null}
      <Panel title={`Opportunities (${opportunities.length})`} testId="arb-opportunities">
        {isPending ? (
          <p role="status" className="muted">
            Scanning networks<span className="cursor">_</span>
          </p>
        ) : null}
        {isError && !latest ? (
          <p role="alert" className="err">
            {PRICE_LOAD_FAILED_MESSAGE}
          </p>
        ) : null}
        {latest && opportunities.length === 0 ? (
          <p role="status" className="muted" data-testid="arb-empty">
            No opportunities meet your thresholds right now. Lower them in Settings or wait for prices to move.
          </p>
        ) : null}
        <ol className="opportunities">
          {opportunities.map((o, i) => (
            <OpportunityCard key={`${o.source}-${o.target}`} opportunity={o} best={i === 0} tradeAmount={settings.tradeAmount} />
          ))}
        </ol>
      </Panel>
      <p className="arb-disclaimer" role="note" data-testid="arb-disclaimer">
        <strong>[!]</strong> {ARBITRAGE_DISCLAIMER}
      </p>
      <SettingsModal open={editing} settings={settings} networks={networks} onSave={setSettings} onClose={() => setEditing(false)} />
    </Page>
  );
}
