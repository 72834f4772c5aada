import { Box, Text } from 'ink';
import { theme, toneColor } from '../theme.js';
import type { ViewField } from '../views/view-types.js';
import { FieldList } from './FieldList.js';

export interface MaintenanceStatusProps {
  /** 'Maintenance is ON' / 'Maintenance turned off'... */
  readonly heading: string;
  readonly on: boolean;
  readonly fields: readonly ViewField[];
}

/** The site's maintenance settings: ON in the warning colour, OFF in the success colour. */
export function MaintenanceStatus({ heading, on, fields }: MaintenanceStatusProps) {
  return (
    <Box flexDirection="column">
      <Text bold color={toneColor(on ? 'warning' : 'positive')}>
        {heading}
      </Text>
      <Box marginTop={1}>
        <FieldList fields={fields} />
      </Box>
      {on ? <Text color={theme.text.secondary}>Every public page shows the maintenance screen; /admin stays reachable.</Text> : null}
    </Box>
  );
}
