/** How often the line is redrawn at most: often enough to look live, rarely enough to cost nothing. */
const REDRAW_MS = 100;

export interface ProgressLine {
  /** Shows `text` in place of the previous progress (throttled; the last one is always drawn by `done`). */
  update(text: string): void;
  /** Draws the last text and ends the line, so what follows starts on a line of its own. */
  done(): void;
}

/**
 * A progress line on stderr, rewritten in place, on a terminal only: piped or redirected (a log
 * file, a script), nothing is written, so the output stays clean.
 */
export function progressLine(stream: NodeJS.WriteStream = process.stderr): ProgressLine {
  if (!stream.isTTY) return { update: () => undefined, done: () => undefined };
  let last = '';
  let drawn = 0;
  let shown = false;
  const draw = () => {
    stream.write(`\r\x1b[2K${last}`);
    drawn = Date.now();
    shown = true;
  };
  return {
    update(text) {
      last = text;
      if (Date.now() - drawn >= REDRAW_MS) draw();
    },
    done() {
      if (last) draw();
      if (shown) stream.write('\n');
      last = '';
      shown = false;
    },
  };
}

/** 1234567 → "1,234,567", the same on every locale. */
export function count(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
