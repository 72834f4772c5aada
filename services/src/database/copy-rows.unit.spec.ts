import { describe, expect, it } from 'vitest';
import { copyStatement, copyText } from './copy-rows.js';

describe('copyText', () => {
  it('writes a line a row, a tab between fields, \\N for null and numbers as JavaScript prints them', () => {
    expect(copyText([['a', 1.5, null], ['b', -2e-7, 0]])).toBe('a\t1.5\t\\N\nb\t-2e-7\t0\n');
  });

  it('escapes the backslash, tab, newline and carriage return inside text, so a value never splits a row or a field', () => {
    expect(copyText([['a\\b\tc\nd\re', 'plain']])).toBe('a\\\\b\\tc\\nd\\re\tplain\n');
    expect(copyText([['\\N']])).toBe('\\\\N\n');
  });

  it('is empty for no rows, and refuses a number COPY cannot read back', () => {
    expect(copyText([])).toBe('');
    expect(() => copyText([[Number.NaN]])).toThrow(RangeError);
    expect(() => copyText([[Number.POSITIVE_INFINITY]])).toThrow(RangeError);
  });
});

describe('copyStatement', () => {
  it('quotes every name', () => {
    expect(copyStatement({ schema: 'rebuild_x', table: 'we"ird' }, ['id', 'a b'], 'STDIN')).toBe(
      'COPY "rebuild_x"."we""ird" ("id", "a b") FROM STDIN',
    );
  });
});
