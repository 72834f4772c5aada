import { useCallback, useEffect, useState } from 'react';
import { FLASH_MS } from './messages';

/** A value shown for a while (the 3 s success banner, the 'Saved' marker), then cleared. */
export function useTimedFlag<T>(ms = FLASH_MS): [T | null, (value: T) => void] {
  const [value, setValue] = useState<{ value: T; at: number } | null>(null);
  useEffect(() => {
    if (value === null) return;
    const id = window.setTimeout(() => setValue(null), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  const show = useCallback((next: T) => setValue({ value: next, at: Date.now() }), []);
  return [value?.value ?? null, show];
}
