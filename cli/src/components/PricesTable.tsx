import { Box, Text } from 'ink';
import { theme } from '../theme.js';
import { PRICE_COLUMNS, type PricesView, priceViewRow } from '../views/prices-view.js';
import { DataTable } from './DataTable.js';
import { Notice } from './Notice.js';

export interface PricesTableProps {
  readonly view: PricesView;
}

/** Both tokens on every chain: price, 24 h change, XSD's deviation from silver, maintenance marks. */
export function PricesTable({ view }: PricesTableProps) {
  return (
    <Box flexDirection="column">
      {view.banner ? <Notice tone="warning">{view.banner}</Notice> : null}
      {view.empty ? (
        <Text color={theme.text.secondary}>{view.empty}</Text>
      ) : (
        <DataTable columns={PRICE_COLUMNS} rows={view.rows.map(priceViewRow)} />
      )}
      <Box marginTop={1}>
        <Text color={theme.text.accent}>{view.silver}</Text>
      </Box>
      {view.notes.map((note) => (
        <Notice key={note} tone="warning">
          {note}
        </Notice>
      ))}
    </Box>
  );
}
