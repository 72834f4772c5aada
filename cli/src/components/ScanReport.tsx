import { Box, Text } from 'ink';
import { theme } from '../theme.js';
import { ALLOCATION_COLUMNS, BALANCE_COLUMNS, CHAIN_COLUMNS, NETWORK_COLUMNS, type ScanView } from '../views/scan-view.js';
import { DataTable } from './DataTable.js';
import { FieldList } from './FieldList.js';
import { Notice } from './Notice.js';
import { Section } from './Section.js';

export interface ScanReportProps {
  readonly view: ScanView;
}

/** A finished scan: chains, balances and values, allocation, networks, tier, risk and advice. */
export function ScanReport({ view }: ScanReportProps) {
  return (
    <Box flexDirection="column">
      <Text bold>{view.title}</Text>
      <Section title="Networks scanned">
        <DataTable columns={CHAIN_COLUMNS} rows={view.chains} />
      </Section>
      {view.error ? (
        <Box marginTop={1}>
          <Notice tone="negative">{view.error}</Notice>
        </Box>
      ) : null}
      {view.empty ? (
        <Box marginTop={1}>
          <Text color={theme.text.secondary}>{view.empty}</Text>
        </Box>
      ) : (
        <>
          <Section title="Balances">
            <DataTable columns={BALANCE_COLUMNS} rows={view.balances} />
            <Text bold>{view.total}</Text>
          </Section>
          <Section title="Allocation">
            <DataTable columns={ALLOCATION_COLUMNS} rows={view.allocation} />
          </Section>
          <Section title="Networks">
            <DataTable columns={NETWORK_COLUMNS} rows={view.networks} />
            {view.moreNetworks ? <Text color={theme.text.secondary}>{view.moreNetworks}</Text> : null}
          </Section>
          <Box marginTop={1}>
            <FieldList fields={view.summary} />
          </Box>
        </>
      )}
    </Box>
  );
}
