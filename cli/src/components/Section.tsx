import { Box, Text } from 'ink';
import type { ReactNode } from 'react';
import { theme } from '../theme.js';

export interface SectionProps {
  readonly title: string;
  readonly children: ReactNode;
}

/** A headed block of a report, one blank line above it. */
export function Section({ title, children }: SectionProps) {
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text bold color={theme.text.heading}>
        {title}
      </Text>
      {children}
    </Box>
  );
}
