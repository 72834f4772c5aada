import { Box, Text } from 'ink';
import { theme } from '../theme.js';
import { CALENDAR_COLUMNS, type CalendarView } from '../views/calendar-view.js';
import { DataTable } from './DataTable.js';

export interface CalendarListProps {
  readonly view: CalendarView;
}

/** `xsd calendar`: upcoming events (or all with --all), and the feed to subscribe to. */
export function CalendarList({ view }: CalendarListProps) {
  return (
    <Box flexDirection="column">
      {view.empty ? <Text color={theme.text.secondary}>{view.empty}</Text> : <DataTable columns={CALENDAR_COLUMNS} rows={view.rows} />}
      <Box marginTop={1}>
        <Text color={theme.text.accent}>{view.feed}</Text>
      </Box>
    </Box>
  );
}
