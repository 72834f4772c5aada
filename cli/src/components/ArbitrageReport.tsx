import { Box, Text } from 'ink';
import { theme } from '../theme.js';
import { ARBITRAGE_COLUMNS, type ArbitrageView } from '../views/arbitrage-view.js';
import { DataTable } from './DataTable.js';
import { Notice } from './Notice.js';

export interface ArbitrageReportProps {
  readonly view: ArbitrageView;
}

/** `xsd arbitrage`: routes by profit, the assistant's note and the disclaimer. */
export function ArbitrageReport({ view }: ArbitrageReportProps) {
  return (
    <Box flexDirection="column">
      <Text bold color={theme.text.heading}>
        {view.heading}
      </Text>
      {view.empty ? <Text color={theme.text.secondary}>{view.empty}</Text> : <DataTable columns={ARBITRAGE_COLUMNS} rows={view.rows} />}
      <Box marginTop={1}>
        <Text color={theme.text.accent}>{view.advice}</Text>
      </Box>
      <Notice tone="warning">{view.disclaimer}</Notice>
    </Box>
  );
}
