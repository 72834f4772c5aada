import type { RunningStack } from '@xsd/services/testing/stack';
import { waitFor } from '@xsd/services/testing/wait-for';

/**
 * Until the stack has its first silver reading. Before it, /api/silver/latest answers 404, which
 * the browser logs as a console error on every page that shows silver: a check for console errors
 * would then depend on how soon the page opened after the stack started.
 */
export async function firstSilverReading(stack: RunningStack): Promise<void> {
  await waitFor(async () => (await fetch(`${stack.url}/api/silver/latest`)).status === 200, {
    timeoutMs: 60_000,
    intervalMs: 250,
    message: 'the first silver reading',
  });
}
