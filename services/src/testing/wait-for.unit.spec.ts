import { describe, expect, it } from 'vitest';
import { waitFor } from './wait-for.js';

describe('waitFor', () => {
  it('resolves once the condition holds', async () => {
    let checks = 0;
    await waitFor(() => ++checks === 3, { intervalMs: 1 });
    expect(checks).toBe(3);
  });

  it('treats a throwing condition as not yet', async () => {
    let checks = 0;
    await waitFor(
      async () => {
        if (++checks < 3) throw new Error('not ready');
        return true;
      },
      { intervalMs: 1 },
    );
    expect(checks).toBe(3);
  });

  it('fails after the timeout, naming what it waited for and the last error', async () => {
    await expect(
      waitFor(
        () => {
          throw new Error('still empty');
        },
        { timeoutMs: 30, intervalMs: 5, message: 'the projection to catch up' },
      ),
    ).rejects.toThrow('Timed out after 30 ms waiting for the projection to catch up (last error: still empty)');
  });
});
