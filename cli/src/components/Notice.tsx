import { Text } from 'ink';
import { type Tone, toneColor } from '../theme.js';

export interface NoticeProps {
  readonly tone: Tone;
  readonly children: string;
}

const MARK: Readonly<Record<Tone, string>> = { positive: '✓', warning: '⚠', negative: '✗', neutral: '•', muted: '•' };

/** One marked line: a maintenance banner, a scan error, a hint. */
export function Notice({ tone, children }: NoticeProps) {
  return (
    <Text color={toneColor(tone)}>
      {MARK[tone]} {children}
    </Text>
  );
}
