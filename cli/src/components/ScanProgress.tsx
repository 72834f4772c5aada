import { Box, Text } from 'ink';
import { theme } from '../theme.js';
import type { ChainProgress } from '../views/scan-view.js';
import { Spinner } from './Spinner.js';

export interface ScanProgressProps {
  readonly chains: readonly ChainProgress[];
  /** Under the title: how the chains are read ('through the API', 'directly from the chains'). */
  readonly source: string;
}

/** 'Scanning Networks...': one line per chain, a spinner until its read settles. */
export function ScanProgress({ chains, source }: ScanProgressProps) {
  const done = chains.filter((c) => c.state !== 'scanning').length;
  return (
    <Box flexDirection="column">
      <Text color={theme.text.heading}>
        Scanning Networks... {done}/{chains.length} <Text color={theme.text.secondary}>({source})</Text>
      </Text>
      {chains.map((c) => (
        <Box key={c.chain}>
          <Box width={3}>
            {c.state === 'scanning' ? (
              <Spinner />
            ) : (
              <Text color={c.state === 'ok' ? theme.status.success : theme.status.error}>{c.state === 'ok' ? '✓' : '✗'}</Text>
            )}
          </Box>
          <Box width={11}>
            <Text>{c.chain}</Text>
          </Box>
          <Text color={c.state === 'failed' ? theme.status.error : theme.text.secondary} wrap="truncate-end">
            {c.detail}
          </Text>
        </Box>
      ))}
    </Box>
  );
}
