import { describe, expect, it } from 'vitest';
import { DAY_MS, isoString, toMillis } from './time.js';

describe('isoString', () => {
  it('writes what Date#toISOString writes, across days, years and the edges of its four-digit years', () => {
    const instants = [0, 1, 999, 1000, 59_999, 3_599_999, DAY_MS - 1, DAY_MS, 951_782_400_000, 1_764_331_200_123, 253_402_300_799_999];
    // A walk through a year and more in odd steps, so every part of the instant changes.
    for (let ms = 1_700_000_000_000; ms < 1_735_000_000_000; ms += 7_777_777_777 / 97) instants.push(ms);
    for (const ms of instants) expect(isoString(ms)).toBe(new Date(ms).toISOString());
  });

  it('leaves instants before 1970 and past 9999 to toISOString, and throws as it does on an invalid one', () => {
    for (const ms of [-1, -DAY_MS - 1, -62_198_755_200_000, 253_402_300_800_000]) expect(isoString(ms)).toBe(new Date(ms).toISOString());
    expect(() => isoString(Number.NaN)).toThrow(RangeError);
  });
});

describe('toMillis', () => {
  it('reads epoch milliseconds, Dates and ISO strings alike', () => {
    const ms = 1_764_331_200_123;
    expect([toMillis(ms), toMillis(new Date(ms)), toMillis(new Date(ms).toISOString())]).toEqual([ms, ms, ms]);
    expect(toMillis('not a date')).toBeNaN();
  });
});
