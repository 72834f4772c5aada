import { describe, expect, it } from 'vitest';
import { JsonWriter } from './json-writer.js';

/** What the writer writes for `value`, as text. */
function written(writer: JsonWriter, value: number): string {
  writer.room(0, 64);
  return writer.buffer.toString('latin1', 0, writer.number(0, value));
}

/** A deterministic stream of doubles in [0, 1) (xorshift), so a failure names the same values again. */
function randoms(seed: number): () => number {
  let state = seed;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
}

describe('JsonWriter.number', () => {
  it('writes what JSON.stringify writes at the edges of its short-decimal path and of fixed notation', () => {
    const writer = new JsonWriter();
    const edges = [
      0, -0, 1, -1, 0.5, -0.5, 0.1, 0.2, 0.1 + 0.2, 1 / 3, 2 / 3, 1e-6, 1.5e-6, 9.99e-7, 1e-7, 1e-8, 0.00001234, 0.1234567, 0.12345678, 0.123456789,
      1.000001, 0.999999, 9_999_999.99999999, 9_999_999.5, 10_000_000.5, 1e7 - 1e-8, 123_456.789012, 31.1034768, 2 ** 52 + 0.5, 2 ** 53, 2 ** 53 + 2,
      1e21, 1.5e21, 1e300, 5e-324, Number.MAX_VALUE, Number.MIN_VALUE, Number.EPSILON, -123.456, -0.000001, -9_999_999.12345678,
      Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY,
    ];
    for (const value of edges) expect(written(writer, value), String(value)).toBe(JSON.stringify(value));
  });

  it('writes what JSON.stringify writes for prices of 1 to 10 decimals and for doubles of every size', () => {
    const writer = new JsonWriter();
    const next = randoms(0x5eed);
    const mismatches: string[] = [];
    const check = (value: number) => {
      const text = written(writer, value);
      if (text !== JSON.stringify(value)) mismatches.push(`${JSON.stringify(value)} written as ${text}`);
    };
    for (let i = 0; i < 200_000; i++) {
      const decimals = 1 + (i % 10);
      // Token prices as the ingestor reads them (PRICE_DECIMALS), and others of up to 10 decimals, up to 10^8.
      const units = Math.floor(next() * 10 ** (2 + (i % 7)) * 10 ** decimals);
      check(units / 10 ** decimals);
      check(-units / 10 ** decimals);
      check(Number((next() * 10 ** (i % 9)).toFixed(decimals)));
      // Doubles of every size and of all 17 digits.
      check(next() * 10 ** ((i % 40) - 20));
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
  });
});
