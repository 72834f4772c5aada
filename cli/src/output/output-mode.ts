/**
 * How a command prints: `json` (machine-readable, --json), `plain` (text without colours, when
 * stdout is not a terminal: piped, redirected, captured) or `interactive` (Ink, colours, live
 * updates, on a terminal). The plain and JSON paths never load Ink.
 */
export type OutputMode = 'json' | 'plain' | 'interactive';

export function outputMode(options: { readonly json?: boolean }, stream: NodeJS.WriteStream = process.stdout): OutputMode {
  if (options.json) return 'json';
  return stream.isTTY ? 'interactive' : 'plain';
}

export function writeLine(text = ''): void {
  process.stdout.write(`${text}\n`);
}

export function writeJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
