import { formatUsd } from '@xsd/contracts/rules/format';
import type { WalletBalanceEntry } from '@xsd/contracts/rules/wallet-values';
import { TableHead } from '../../../components/ui/table-head';
import { formatBalance, pegClass } from '../lib/portfolio-format';

/** One row per token and network. */
export function HoldingsPane({ entries }: { readonly entries: readonly WalletBalanceEntry[] }) {
  if (entries.length === 0) return <p className="muted">No XSD or BankX found on the scanned networks.</p>;
  return (
    <div className="wc-table-wrap">
      <table className="wc-table" data-testid="holdings-table">
        <TableHead columns={['Token', 'Chain', 'Balance', 'Value', 'Peg']} />
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
  );
}
