import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AttemptStore } from '../attempt-store.js';

/** One store on fresh, private storage. */
export interface AttemptStoreUnderTest {
  readonly store: AttemptStore;
  /**
   * Another handle on the same storage, as a second API process would hold it (for the embedded
   * store, whose storage is the process, that is the same instance). The suite closes it if it is another.
   */
  sibling(): Promise<AttemptStore>;
  /** Closes the store and removes its storage. */
  cleanup(): Promise<void>;
}

export type AttemptStoreFactory = () => Promise<AttemptStoreUnderTest>;

const T0 = Date.parse('2026-11-21T10:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms);
const WINDOW = { windowMs: 60_000, limit: 3 } as const;

/**
 * The semantics every AttemptStore shares (see attempt-store.ts). Each store's spec calls this with
 * a factory for fresh storage; each test gets its own.
 */
export function describeAttemptStoreConformance(name: string, factory: AttemptStoreFactory): void {
  describe(`${name}: AttemptStore conformance`, () => {
    let subject: AttemptStoreUnderTest;
    let store: AttemptStore;

    beforeEach(async () => {
      subject = await factory();
      store = subject.store;
    });

    afterEach(async () => {
      await subject.cleanup();
    });

    it('given an unknown key, then it counts nothing', async () => {
      expect(await store.count('nobody', at(0), WINDOW.windowMs)).toBe(0);
    });

    it('records attempts up to the limit, then refuses without recording', async () => {
      expect(await store.add('k', at(0), WINDOW)).toEqual({ added: true, count: 1 });
      expect(await store.add('k', at(1), WINDOW)).toEqual({ added: true, count: 2 });
      expect(await store.add('k', at(2), WINDOW)).toEqual({ added: true, count: 3 });
      expect(await store.add('k', at(3), WINDOW)).toEqual({ added: false, count: 3 });
      expect(await store.count('k', at(4), WINDOW.windowMs)).toBe(3);
    });

    it('counts an attempt for exactly the window after it, then makes room again', async () => {
      for (const ms of [0, 10_000, 20_000]) await store.add('k', at(ms), WINDOW);
      expect(await store.count('k', at(59_999), WINDOW.windowMs)).toBe(3);
      expect(await store.add('k', at(59_999), WINDOW)).toMatchObject({ added: false });
      expect(await store.count('k', at(60_000), WINDOW.windowMs)).toBe(2);
      expect(await store.add('k', at(60_000), WINDOW)).toEqual({ added: true, count: 3 });
      // Each caller may count over its own window.
      expect(await store.count('k', at(60_000), 45_000)).toBe(2);
    });

    it('keeps keys apart, whatever characters they hold', async () => {
      const keys = ['client|::ffff:127.0.0.1|email:root@example.test', 'client|10.0.0.1', 'global', 'sp ace|ü|*>.'];
      for (const [index, key] of keys.entries()) {
        for (let n = 0; n <= index; n += 1) await store.add(key, at(n), WINDOW);
      }
      expect(await Promise.all(keys.map((key) => store.count(key, at(10), WINDOW.windowMs)))).toEqual([1, 2, 3, 3]);
    });

    it('forgets a cleared key, and only that one', async () => {
      for (const ms of [0, 1, 2]) {
        await store.add('a', at(ms), WINDOW);
        await store.add('b', at(ms), WINDOW);
      }
      await store.clear('a');
      await store.clear('never-written');
      expect(await store.count('a', at(3), WINDOW.windowMs)).toBe(0);
      expect(await store.count('b', at(3), WINDOW.windowMs)).toBe(3);
      expect(await store.add('a', at(4), WINDOW)).toEqual({ added: true, count: 1 });
    });

    it('takes back one attempt at the given time, and nothing when none was made then', async () => {
      for (const ms of [0, 1, 1]) await store.add('k', at(ms), WINDOW);
      await store.remove('k', at(1));
      expect(await store.count('k', at(2), WINDOW.windowMs)).toBe(2);
      await store.remove('k', at(5));
      await store.remove('never-written', at(0));
      expect(await store.count('k', at(2), WINDOW.windowMs)).toBe(2);
      expect(await store.count('never-written', at(2), WINDOW.windowMs)).toBe(0);
      // The place is free again.
      expect(await store.add('k', at(2), WINDOW)).toEqual({ added: true, count: 3 });
    });

    it('given places taken back while others race for them, then none is lost and the limit holds', async () => {
      const window = { windowMs: 60_000, limit: 10 };
      for (let n = 0; n < 10; n += 1) await store.add('race', at(n), window);
      const other = await subject.sibling();
      try {
        const [, adds] = await Promise.all([
          Promise.all([0, 1, 2].map((n) => other.remove('race', at(n)))),
          Promise.all(Array.from({ length: 20 }, (_, n) => store.add('race', at(20 + n), window))),
        ]);
        // Nothing lost either way: the three taken back, and exactly the adds that said so.
        const added = adds.filter((add) => add.added).length;
        expect(added).toBeLessThanOrEqual(3);
        expect(await store.count('race', at(100), window.windowMs)).toBe(7 + added);
      } finally {
        if (other !== store) await other.close();
      }
    });

    it('given many attempts at once, then exactly the limit is recorded', async () => {
      const window = { windowMs: 60_000, limit: 10 };
      const results = await Promise.all(Array.from({ length: 40 }, (_, n) => store.add('race', at(n), window)));
      expect(results.filter(({ added }) => added)).toHaveLength(10);
      expect(await store.count('race', at(100), window.windowMs)).toBe(10);
    });

    it('given two processes sharing the storage, then they count together and take the last places once', async () => {
      const other = await subject.sibling();
      try {
        const window = { windowMs: 60_000, limit: 12 };
        await store.add('shared', at(0), window);
        await other.add('shared', at(1), window);
        expect(await store.count('shared', at(2), window.windowMs)).toBe(2);
        expect(await other.count('shared', at(2), window.windowMs)).toBe(2);

        const racing = await Promise.all(
          Array.from({ length: 30 }, (_, n) => (n % 2 === 0 ? store : other).add('shared', at(10 + n), window)),
        );
        expect(racing.filter(({ added }) => added)).toHaveLength(10);
        expect(await other.count('shared', at(100), window.windowMs)).toBe(12);

        await other.clear('shared');
        expect(await store.count('shared', at(100), window.windowMs)).toBe(0);
      } finally {
        if (other !== store) await other.close();
      }
    });
  });
}
