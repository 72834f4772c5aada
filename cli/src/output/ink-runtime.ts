import { render, renderToString } from 'ink';
import type { ReactElement } from 'react';

/** Prints one frame of an Ink tree and returns (one-shot output on a terminal). */
export function printOnce(element: ReactElement): void {
  process.stdout.write(`${renderToString(element, { columns: process.stdout.columns || 100 })}\n`);
}

/**
 * Runs an interactive Ink app until it exits. Ctrl-C typed on the terminal (raw mode) and a
 * SIGINT / SIGTERM sent to the process both end it cleanly, leaving the last frame on screen.
 */
export async function runApp(element: ReactElement, options: { readonly stdout?: NodeJS.WriteStream } = {}): Promise<void> {
  const instance = render(element, { exitOnCtrlC: true, stdout: options.stdout ?? process.stdout, patchConsole: false });
  const stop = () => instance.unmount();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    await instance.waitUntilExit();
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}
