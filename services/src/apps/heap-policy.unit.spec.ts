import { afterEach, describe, expect, it } from 'vitest';
import { governMemory, MEMORY_SAVER_OFF_MB, MEMORY_SAVER_ON_MB } from './heap-policy.js';

const MB = 2 ** 20;

describe('governMemory', () => {
  const stops: Array<() => void> = [];
  afterEach(() => stops.splice(0).forEach((stop) => stop()));

  /** A governor over a resident size the test sets: what it switched, and what it told, in order. */
  function governed() {
    let resident = 150 * MB;
    const switched: boolean[] = [];
    const told: Array<[boolean, number]> = [];
    const governor = governMemory((on, mb) => told.push([on, Math.round(mb)]), {
      residentBytes: () => resident,
      setSaver: (on) => switched.push(on),
    });
    stops.push(governor.stop);
    const at = (mb: number) => {
      resident = mb * MB;
      governor.check();
    };
    return { at, switched, told };
  }

  it('saves memory above the high mark and stops only below the low one', () => {
    const { at, switched, told } = governed();
    at(200);
    at(MEMORY_SAVER_ON_MB);
    expect(switched).toEqual([]);
    at(MEMORY_SAVER_ON_MB + 1);
    expect(switched).toEqual([true]);
    // Between the marks it stays as it is: no switching back and forth around one value.
    at(MEMORY_SAVER_ON_MB + 30);
    at(MEMORY_SAVER_OFF_MB + 1);
    at(MEMORY_SAVER_ON_MB + 5);
    at(MEMORY_SAVER_OFF_MB);
    expect(switched).toEqual([true]);
    at(MEMORY_SAVER_OFF_MB - 1);
    expect(switched).toEqual([true, false]);
    at(MEMORY_SAVER_ON_MB - 1);
    expect(switched).toEqual([true, false]);
    at(MEMORY_SAVER_ON_MB + 100);
    expect(switched).toEqual([true, false, true]);
    expect(told).toEqual([
      [true, MEMORY_SAVER_ON_MB + 1],
      [false, MEMORY_SAVER_OFF_MB - 1],
      [true, MEMORY_SAVER_ON_MB + 100],
    ]);
  });
});
