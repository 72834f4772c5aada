import { useCallback, useMemo, useSyncExternalStore } from 'react';

/**
 * Browser storage that never throws (private mode, quota, disabled storage) and that
 * components can subscribe to: changes in this tab and in other tabs both notify.
 */
const LOCAL_EVENT = 'silverboard:storage';

interface LocalStorageChange {
  readonly key: string;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readRaw(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function readJson(key: string): unknown {
  const raw = readRaw(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

function notify(key: string): void {
  window.dispatchEvent(new CustomEvent<LocalStorageChange>(LOCAL_EVENT, { detail: { key } }));
}

export function writeRaw(key: string, value: string | null): void {
  try {
    const store = storage();
    if (!store) return;
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    // Storage full or disabled: the value lives for this render only.
  }
  notify(key);
}

export function writeJson(key: string, value: unknown): void {
  writeRaw(key, JSON.stringify(value));
}

export function subscribeToKey(key: string, onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === key) onChange();
  };
  const onLocal = (event: Event) => {
    if ((event as CustomEvent<LocalStorageChange>).detail?.key === key) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(LOCAL_EVENT, onLocal);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(LOCAL_EVENT, onLocal);
  };
}

/**
 * A JSON value in local storage as React state. `parse` turns whatever is stored (possibly
 * undefined or garbage) into a valid value; the raw string is the snapshot, so renders are stable.
 */
export function useStoredJson<T>(key: string, parse: (stored: unknown) => T): [T, (next: T) => void] {
  const subscribe = useCallback((onChange: () => void) => subscribeToKey(key, onChange), [key]);
  const raw = useSyncExternalStore(
    subscribe,
    () => readRaw(key),
    () => null,
  );
  const value = useMemo(() => {
    if (raw === null) return parse(undefined);
    try {
      return parse(JSON.parse(raw) as unknown);
    } catch {
      return parse(undefined);
    }
    // `parse` is expected to be a stable module-level function.
  }, [raw, parse]);
  const set = useCallback((next: T) => writeJson(key, next), [key]);
  return [value, set];
}
