import { Text } from 'ink';
import { useEffect, useState } from 'react';
import { theme } from '../theme.js';

export const SPINNER_FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'] as const;

export interface SpinnerProps {
  readonly intervalMs?: number;
}

/** A braille spinner, for work in progress. */
export function Spinner({ intervalMs = 80 }: SpinnerProps) {
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setFrame((f) => (f + 1) % SPINNER_FRAMES.length), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return <Text color={theme.text.accent}>{SPINNER_FRAMES[frame]}</Text>;
}
