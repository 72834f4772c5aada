import { Box, Text } from 'ink';
import { theme } from '../theme.js';
import { PEG_COLUMNS, type PegView } from '../views/peg-view.js';
import { DataTable } from './DataTable.js';

export interface PegReportProps {
  readonly view: PegView;
}

/** `xsd peg`: each chain's deviation from silver and its time in each band. */
export function PegReport({ view }: PegReportProps) {
  return (
    <Box flexDirection="column">
      <Text bold color={theme.text.heading}>
        {view.heading}
      </Text>
      <DataTable columns={PEG_COLUMNS} rows={view.rows} />
    </Box>
  );
}
