import { useState } from 'react';

/** A form's values as one object: `set` changes one field, `replace` all of them (a loaded draft, a reset). */
export function useFields<TValues extends object>(initial: TValues | (() => TValues)) {
  const [values, replace] = useState<TValues>(initial);
  const set = <K extends keyof TValues>(key: K, value: TValues[K]) => replace((current) => ({ ...current, [key]: value }));
  return [values, set, replace] as const;
}
