import { textTable } from '../output/text-table.js';
import type { ViewRow } from './view-types.js';

/** A view's table as plain lines (no colours): header, then rows. */
export function rowsText(columns: readonly string[], rows: readonly ViewRow[]): string[] {
  const align = (i: number) => rows[0]?.cells[i]?.align ?? 'left';
  return textTable([columns.map((text, i) => ({ text, align: align(i) })), ...rows.map((row) => row.cells)]);
}
