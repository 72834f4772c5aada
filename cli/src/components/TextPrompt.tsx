import { Box, Text, useInput } from 'ink';
import { useRef, useState } from 'react';
import { theme } from '../theme.js';

export interface TextPromptProps {
  readonly label: string;
  /** Hide what is typed (passwords): nothing is echoed, not even its length. */
  readonly hidden?: boolean;
  /** Why the last value was refused, shown under the prompt. */
  readonly error?: string | null;
  readonly onSubmit: (value: string) => void;
}

/** One line of input: typing, Backspace, Enter submits. */
export function TextPrompt({ label, hidden = false, error = null, onSubmit }: TextPromptProps) {
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(error);
  // Keys can arrive faster than React re-renders: keep the latest value where every key sees it.
  const latest = useRef('');
  const update = (next: string) => {
    latest.current = next;
    setValue(next);
  };

  const submit = (text: string) => {
    if (text.trim() === '') {
      setProblem(`${label} is required`);
      return;
    }
    onSubmit(text);
  };

  useInput((input, key) => {
    if (key.return) return submit(latest.current);
    if (key.backspace || key.delete) {
      update(latest.current.slice(0, -1));
      return;
    }
    if (key.ctrl || key.meta || key.escape || key.tab || key.upArrow || key.downArrow || key.leftArrow || key.rightArrow) return;
    setProblem(null);
    // Pasted text may arrive with its Enter in the same chunk.
    const end = input.search(/[\r\n]/);
    if (end === -1) {
      update(latest.current + input);
      return;
    }
    const text = latest.current + input.slice(0, end);
    update(text);
    submit(text);
  });

  return (
    <Box flexDirection="column">
      <Box>
        <Text color={theme.text.accent}>? </Text>
        <Text bold>{label}: </Text>
        {hidden ? <Text color={theme.text.secondary}>(input hidden)</Text> : <Text>{value}</Text>}
      </Box>
      {problem ? <Text color={theme.status.error}>{problem}</Text> : null}
    </Box>
  );
}
