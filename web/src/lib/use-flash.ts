import { useEffect, useRef, useState } from 'react';

export type FlashDirection = 'up' | 'down';

/**
 * 'up' or 'down' for `durationMs` after `value` changes (not on the first value), else null.
 * `only` limits the flash to one direction (the silver price flashes when it rises).
 */
export function useFlash(value: number | null | undefined, durationMs: number, only?: FlashDirection): FlashDirection | null {
  const previous = useRef(value);
  const [flash, setFlash] = useState<FlashDirection | null>(null);
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    if (before === null || before === undefined || value === null || value === undefined || before === value) return;
    const direction: FlashDirection = value > before ? 'up' : 'down';
    if (only && direction !== only) {
      setFlash(null);
      return;
    }
    setFlash(direction);
    const id = window.setTimeout(() => setFlash(null), durationMs);
    return () => window.clearTimeout(id);
  }, [value, durationMs, only]);
  return flash;
}
