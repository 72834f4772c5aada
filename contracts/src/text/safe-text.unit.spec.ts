import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findUnsafeText, isSafeText, refineSafeText, SafeText } from './safe-text.js';

describe('isSafeText', () => {
  it('accepts ordinary text, the empty string, emoji and other surrogate pairs', () => {
    for (const text of ['', 'Back soon', 'ü ß € 中文', '😀', 'a\u{1F600}b', '\uD83D\uDE00\uD83D\uDE00', 'tab\tand\nnewline']) {
      expect(isSafeText(text), JSON.stringify(text)).toBe(true);
    }
  });

  it('refuses NUL anywhere', () => {
    for (const text of ['\u0000', 'a\u0000', '\u0000b', 'mid\u0000dle']) expect(isSafeText(text)).toBe(false);
  });

  it('refuses a lone high or low surrogate, and a pair in the wrong order', () => {
    for (const text of ['\uD83D', 'end \uD83D', '\uD83Dx', '\uDE00', 'x\uDE00', '\uDE00\uD83D', '\uD83D\uD83D\uDE00\uDE00']) {
      expect(isSafeText(text), JSON.stringify(text)).toBe(false);
    }
  });
});

describe('findUnsafeText', () => {
  it('names the first bad string in nested data, keys included, and null when all are fine', () => {
    expect(findUnsafeText({ a: 'ok', b: [1, 'fine', { c: 'bad\u0000' }] })).toBe('b.2.c');
    expect(findUnsafeText({ ['k\uD800']: 'value' })).toBe('k\uD800');
    expect(findUnsafeText('\uDC00')).toBe('(root)');
    expect(findUnsafeText({ a: 'ok', n: 1, t: true, z: null, list: ['x', '😀'] })).toBeNull();
  });
});

describe('the zod forms (for request bodies)', () => {
  it('SafeText refuses a field with unsafe text and keeps the usual string checks', () => {
    const Body = z.object({ title: SafeText.max(5) });
    expect(Body.safeParse({ title: 'ok' }).success).toBe(true);
    const bad = Body.safeParse({ title: 'a\u0000' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({ path: ['title'], message: 'must not contain NUL characters or unpaired surrogates' });
    expect(Body.safeParse({ title: 'too long' }).success).toBe(false);
  });

  it('refineSafeText checks every string of a whole body and points at the field', () => {
    const Body = z.object({ name: z.string(), tags: z.array(z.string()) }).superRefine(refineSafeText);
    expect(Body.safeParse({ name: 'Ann', tags: ['a'] }).success).toBe(true);
    const bad = Body.safeParse({ name: 'Ann', tags: ['a', 'b\uDBFF'] });
    expect(bad.error?.issues).toEqual([
      expect.objectContaining({ code: 'custom', path: ['tags', 1], message: 'must not contain NUL characters or unpaired surrogates' }),
    ]);
  });
});

describe('findUnsafeText on deeply nested input', () => {
  it('walks thousands of levels without overflowing the stack, and names the path', () => {
    let nested: unknown = 'a\u0000b';
    for (let depth = 0; depth < 20_000; depth++) nested = [nested];
    expect(findUnsafeText(nested)).toBe(Array.from({ length: 20_000 }, () => '0').join('.'));
    let object: unknown = 'fine';
    for (let depth = 0; depth < 20_000; depth++) object = { a: object };
    expect(findUnsafeText(object)).toBeNull();
  });
});
