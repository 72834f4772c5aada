import { textTable } from '../output/text-table.js';
import {
  ALLOCATION_COLUMNS,
  BALANCE_COLUMNS,
  CHAIN_COLUMNS,
  type ChainProgress,
  NETWORK_COLUMNS,
  type ScanView,
} from './scan-view.js';
import type { ViewRow } from './view-types.js';

function table(columns: readonly string[], rows: readonly ViewRow[]): string[] {
  const aligns = rows[0]?.cells.map((c) => c.align ?? 'left') ?? [];
  return textTable([
    columns.map((text, i) => ({ text, align: aligns[i] })),
    ...rows.map((row) => row.cells.map((c) => ({ text: c.text, align: c.align }))),
  ]);
}

/** One line per chain as its read settles (plain output of the progress). */
export function chainProgressLine(progress: ChainProgress): string {
  return `${progress.chain.padEnd(10)} ${progress.state.padEnd(6)} ${progress.detail}`;
}

/** `xsd scan` without a terminal: the report, sections separated by blank lines. */
export function scanText(view: ScanView): string[] {
  const lines = [view.title, '', ...table(CHAIN_COLUMNS, view.chains), ''];
  if (view.error) lines.push(view.error, '');
  if (view.empty) {
    lines.push(view.empty);
    return lines;
  }
  lines.push('Balances', ...table(BALANCE_COLUMNS, view.balances), view.total, '');
  lines.push('Allocation', ...table(ALLOCATION_COLUMNS, view.allocation), '');
  lines.push('Networks', ...table(NETWORK_COLUMNS, view.networks));
  if (view.moreNetworks) lines.push(view.moreNetworks);
  lines.push('', ...textTable(view.summary.map((f) => [f.label, f.value])));
  return lines;
}
