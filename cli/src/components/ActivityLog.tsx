import { Box, Text } from 'ink';
import { theme } from '../theme.js';
import { ACTIVITY_COLUMNS, type ActivityView } from '../views/activity-view.js';
import { DataTable } from './DataTable.js';

export interface ActivityLogProps {
  readonly view: ActivityView;
}

/** `xsd activity`: staff and system actions, newest first. */
export function ActivityLog({ view }: ActivityLogProps) {
  return (
    <Box flexDirection="column">
      {view.empty ? <Text color={theme.text.secondary}>{view.empty}</Text> : <DataTable columns={ACTIVITY_COLUMNS} rows={view.rows} />}
      {view.more ? (
        <Box marginTop={1}>
          <Text color={theme.text.accent}>{view.more}</Text>
        </Box>
      ) : null}
    </Box>
  );
}
