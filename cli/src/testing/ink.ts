// Helpers of the Ink component tests.
import { stripVTControlCharacters } from 'node:util';

/** A frame as the user reads it: colours removed (tests may run with FORCE_COLOR). */
export function plain(frame: string | undefined): string {
  return stripVTControlCharacters(frame ?? '');
}

/** Lets React commit what the last input or event caused (no fixed sleep). */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
