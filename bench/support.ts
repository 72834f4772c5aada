import { type RunningStack, startStack } from '@xsd/services/testing/stack';

/** The middle value (the mean of the two middle ones for an even count). */
export function median(numbers: readonly number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The API a benchmark measures: the given URL, or a stack it starts (and `stop()`s) itself, with
 * `env` added to its environment.
 */
export async function benchTarget(url: string | undefined, env: Record<string, string> = {}): Promise<{ base: string; stop(): Promise<void> }> {
  if (url) return { base: url, stop: async () => undefined };
  process.stdout.write('starting the stack (built launcher, devnet)...\n');
  const stack: RunningStack = await startStack({ env });
  return {
    base: stack.url,
    stop: async () => {
      await stack.stop();
    },
  };
}
