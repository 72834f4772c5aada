// Helpers of the Ink component tests.
import { stripVTControlCharacters } from 'node:util';

/**
 * A frame as the user reads it: escape sequences removed and each line's trailing blanks cut.
 * Tests run with and without colour (FORCE_COLOR=1 outside CI): Ink trims a line's trailing
 * spaces only when no colour code follows them, so without the trim a frame would differ by
 * terminal.
 */
export function plain(frame: string | undefined): string {
  return stripVTControlCharacters(frame ?? '')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n');
}

/** Lets React commit what the last input or event caused (no fixed sleep). */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
