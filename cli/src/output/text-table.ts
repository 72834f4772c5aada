/** A cell of a plain table: text, right-aligned or not. */
export interface TextCell {
  readonly text: string;
  readonly align?: 'left' | 'right';
}

/**
 * Lays rows out in columns separated by two spaces, each as wide as its widest cell; trailing
 * spaces trimmed. The header, if any, is the first row.
 */
export function textTable(rows: readonly (readonly (TextCell | string)[])[]): string[] {
  const cells = rows.map((row) => row.map((cell) => (typeof cell === 'string' ? { text: cell } : cell)));
  const widths: number[] = [];
  for (const row of cells) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.text.length)));
  return cells.map((row) =>
    row
      .map((cell, i) => (cell.align === 'right' ? cell.text.padStart(widths[i]) : cell.text.padEnd(widths[i])))
      .join('  ')
      .trimEnd(),
  );
}
