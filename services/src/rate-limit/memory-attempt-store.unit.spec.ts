import { describe, expect, it } from 'vitest';
import { MemoryAttemptStore } from './memory-attempt-store.js';
import { describeAttemptStoreConformance } from './testing/attempt-store-conformance.js';

describeAttemptStoreConformance('in memory', async () => {
  const store = new MemoryAttemptStore();
  return { store, sibling: async () => store, cleanup: () => store.close() };
});

describe('MemoryAttemptStore', () => {
  it('given more keys than it keeps, then the one written longest ago is forgotten first', async () => {
    const store = new MemoryAttemptStore(2);
    const now = new Date('2026-11-21T10:00:00.000Z');
    const window = { windowMs: 60_000, limit: 5 };
    await store.add('a', now, window);
    await store.add('b', now, window);
    await store.add('a', now, window);
    await store.add('c', now, window);
    expect(await store.count('a', now, window.windowMs)).toBe(2);
    expect(await store.count('b', now, window.windowMs)).toBe(0);
    expect(await store.count('c', now, window.windowMs)).toBe(1);
  });
});
