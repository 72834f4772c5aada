import { decodeSnapshot, snapshotEntries } from '@xsd/contracts/rules/portfolio-snapshot';
import { useMemo } from 'react';
import { Page } from '../../../components/ui/page';
import { Panel } from '../../../components/ui/panel';
import { PortfolioResults } from './portfolio-results';

export interface SharedSnapshotProps {
  /** The `?data=` parameter of a shared link. */
  readonly data: string;
  readonly onLeave: () => void;
}

/** A shared portfolio snapshot, read-only, or the invalid-link notice. */
export function SharedSnapshot({ data, onLeave }: SharedSnapshotProps) {
  const snapshot = useMemo(() => decodeSnapshot(data), [data]);
  const entries = useMemo(() => (snapshot ? snapshotEntries(snapshot) : []), [snapshot]);
  return (
    <Page className="wallet-checker" title="Portfolio Scanner" subtitle="A shared portfolio snapshot, read-only.">
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
    </Page>
  );
}
