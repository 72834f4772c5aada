import { describe, expect, it } from 'vitest';
import { UpdateSiteSettingsRequestSchema } from './site-update.js';

const parse = (input: unknown) => UpdateSiteSettingsRequestSchema.safeParse(input);
const firstMessage = (input: unknown) => {
  const result = parse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('PUT /api/admin/site body', () => {
  it('normalises the expected up time to UTC and empty texts to null; omitted fields stay omitted', () => {
    expect(parse({ maintenance_mode: true, maintenance_title: '  ', maintenance_message: ' Back soon ', expected_up_time: '2026-05-01T14:00:00+02:00' }).data).toEqual({
      maintenance_mode: true,
      maintenance_title: null,
      maintenance_message: 'Back soon',
      expected_up_time: '2026-05-01T12:00:00.000Z',
    });
    expect(parse({ maintenance_mode: false }).data).toEqual({ maintenance_mode: false });
    expect(parse({ maintenance_mode: true, expected_up_time: null }).data).toEqual({ maintenance_mode: true, expected_up_time: null });
  });

  it('says clearly what is wrong', () => {
    expect(firstMessage({})).toBe('maintenance_mode must be true or false');
    expect(firstMessage({ maintenance_mode: 'yes' })).toBe('maintenance_mode must be true or false');
    const timeMessage = 'expected_up_time must be an ISO 8601 time with a time zone, such as 2026-05-01T12:00:00Z, or null';
    expect(firstMessage({ maintenance_mode: true, expected_up_time: 'soon' })).toBe(timeMessage);
    expect(firstMessage({ maintenance_mode: true, expected_up_time: '2026-05-01T12:00:00' })).toBe(timeMessage);
    expect(firstMessage({ maintenance_mode: true, expected_up_time: '2026-02-30T12:00:00Z' })).toBe(timeMessage);
    expect(firstMessage({ maintenance_mode: true, maintenance_title: 'x'.repeat(201) })).toBe('maintenance_title must be at most 200 characters');
  });
});
