import { describe, expect, it } from 'vitest';
import { runPipelineBenchmark } from './pipeline-benchmark.js';

// Keeps the benchmark runnable: the same code on a small scale (the figures are printed by
// `make bench`, not asserted here, since this machine is shared and noisy).
describe('bench/pipeline at a small scale', () => {
  it('measures throughput, append-to-row delays and a rebuild on real JetStream and PostgreSQL', async () => {
    const result = await runPipelineBenchmark({
      burstEvents: 3_000,
      steadyRate: 500,
      steadySeconds: 1,
      rebuildEvents: 8_000,
      log: () => undefined,
    });

    expect(result.burst.events).toBe(3_000);
    expect(result.burstAllTickProjections.events).toBe(3_000);
    expect(result.burst.eventsPerSecond).toBeGreaterThan(0);
    expect(result.steady.events).toBe(500);
    expect(result.steady.p99Ms).toBeGreaterThanOrEqual(result.steady.p50Ms);
    expect(result.rebuild.events).toBe(8_000);
  });
});
