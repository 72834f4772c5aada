import { Box, Text } from 'ink';
import { theme, toneColor } from '../theme.js';
import type { ViewField } from '../views/view-types.js';

export interface FieldListProps {
  readonly fields: readonly ViewField[];
}

/** Label / value lines, labels in one column. */
export function FieldList({ fields }: FieldListProps) {
  const width = Math.max(0, ...fields.map((f) => f.label.length)) + 2;
  return (
    <Box flexDirection="column">
      {fields.map((field) => (
        <Box key={field.label}>
          <Box width={width} flexShrink={0}>
            <Text color={theme.text.secondary}>{field.label}</Text>
          </Box>
          <Text color={toneColor(field.tone)}>{field.value}</Text>
        </Box>
      ))}
    </Box>
  );
}
