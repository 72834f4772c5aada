import { Box, Text } from 'ink';
import { theme, toneColor } from '../theme.js';
import { progressBar, type SilverView } from '../views/silver-view.js';
import { FieldList } from './FieldList.js';

export interface SilverPanelProps {
  readonly view: SilverView;
}

/** `xsd silver`: price per gram, 24 h stats, progress toward $1.50 and the five milestones. */
export function SilverPanel({ view }: SilverPanelProps) {
  return (
    <Box flexDirection="column">
      <Text bold color={theme.text.heading}>
        Silver (XAG) per gram
      </Text>
      <FieldList fields={view.fields} />
      <Box marginTop={1}>
        <Text color={theme.text.secondary}>Progress to $1.50 </Text>
        <Text color={theme.text.accent}>{progressBar(view.progressPercent)}</Text>
        <Text> {view.progressLabel}</Text>
      </Box>
      <Box marginTop={1} flexDirection="column">
        <Text color={theme.text.secondary}>Milestones</Text>
        {view.milestones.map((m) => (
          <Box key={m.target}>
            <Box width={9}>
              <Text>{`  ${m.target}`}</Text>
            </Box>
            <Text color={toneColor(m.tone)}>{m.label}</Text>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
