import { Box, Text } from 'ink';
import { theme, toneColor } from '../theme.js';
import type { ViewRow } from '../views/view-types.js';

export interface DataTableProps {
  readonly columns: readonly string[];
  readonly rows: readonly ViewRow[];
}

/** Columns as wide as their widest cell, two spaces apart; each cell coloured by its tone. */
export function DataTable({ columns, rows }: DataTableProps) {
  const widths = columns.map((title, i) => Math.max(title.length, ...rows.map((row) => row.cells[i]?.text.length ?? 0)));
  const aligns = columns.map((_, i) => rows[0]?.cells[i]?.align ?? 'left');
  const gap = (i: number) => (i < columns.length - 1 ? 2 : 0);
  return (
    <Box flexDirection="column">
      <Box>
        {columns.map((title, i) => (
          <Box key={title} width={widths[i]} marginRight={gap(i)} justifyContent={aligns[i] === 'right' ? 'flex-end' : 'flex-start'}>
            <Text bold color={theme.text.secondary}>
              {title}
            </Text>
          </Box>
        ))}
      </Box>
      {rows.map((row) => (
        <Box key={row.key}>
          {row.cells.map((cell, i) => (
            <Box key={i} width={widths[i]} marginRight={gap(i)} justifyContent={cell.align === 'right' ? 'flex-end' : 'flex-start'}>
              <Text color={toneColor(cell.tone ?? 'neutral')} wrap="truncate-end">
                {cell.text}
              </Text>
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}
