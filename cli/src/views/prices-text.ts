import { textTable } from '../output/text-table.js';
import { PRICE_COLUMNS, priceRowCells, type PricesView } from './prices-view.js';

const RIGHT = new Set([2, 3]);

/** `xsd prices` without a terminal: the same table as the interactive one, without colours. */
export function pricesText(view: PricesView): string[] {
  const lines: string[] = [];
  if (view.banner) lines.push(view.banner, '');
  if (view.empty) {
    lines.push(view.empty);
  } else {
    const rows = [PRICE_COLUMNS, ...view.rows.map(priceRowCells)].map((cells) =>
      cells.map((text, i) => ({ text, align: RIGHT.has(i) ? ('right' as const) : ('left' as const) })),
    );
    lines.push(...textTable(rows));
  }
  lines.push('', view.silver);
  lines.push(...view.notes);
  return lines;
}
