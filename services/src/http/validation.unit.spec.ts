import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.filter.js';
import { queryParser } from './validation.js';

const Schema = z.object({ days: z.string().transform((text, ctx) => {
  const days = Number(text);
  if (!Number.isInteger(days) || days < 1) {
    ctx.addIssue({ code: 'custom', message: 'Days must be a whole number' });
    return z.NEVER;
  }
  return days;
}) });

describe('queryParser', () => {
  it('answers a query asked again with the same frozen answer, and another query with its own', () => {
    const parse = queryParser(Schema);

    const first = parse({ days: '7' });

    expect(first).toEqual({ days: 7 });
    expect(parse({ days: '7' })).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(parse({ days: '30' })).toEqual({ days: 30 });
  });

  it('refuses a bad query every time it is asked, with the 400 of parseRequest', () => {
    const parse = queryParser(Schema);

    for (let i = 0; i < 2; i++) {
      const refused = (() => {
        try {
          parse({ days: 'many' });
        } catch (error) {
          return error;
        }
        return null;
      })();
      expect(refused).toBeInstanceOf(ApiError);
      expect((refused as ApiError).getStatus()).toBe(400);
      expect((refused as ApiError).getResponse()).toEqual({ error: { code: 'invalid_query', message: 'Days must be a whole number' } });
    }
  });

  it('remembers at most 1,000 queries, forgetting the oldest first', () => {
    const parse = queryParser(Schema);
    const oldest = parse({ days: '1' });
    const second = parse({ days: '2' });

    for (let days = 3; days <= 1_001; days++) parse({ days: String(days) });

    expect(parse({ days: '2' })).toBe(second);
    expect(parse({ days: '1' })).not.toBe(oldest);
    expect(parse({ days: '1' })).toEqual({ days: 1 });
  });
});
