import { readRaw, writeRaw } from './storage';

/** A stored epoch-ms string as a number; anything else (missing, garbage) as null. */
export function parseTimestamp(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  const value = Number(raw);
  return Number.isSafeInteger(value) ? value : null;
}

/** When something was last shown, kept in local storage as epoch ms (the prompts' `*-last-shown` keys). */
export function readTimestamp(key: string): number | null {
  return parseTimestamp(readRaw(key));
}

export function writeTimestamp(key: string, at: number): void {
  writeRaw(key, String(at));
}
