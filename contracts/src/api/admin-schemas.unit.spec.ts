import { describe, expect, it } from 'vitest';
import { ActivityQuerySchema } from './admin-activity.js';
import { CreateApiKeyRequestSchema } from './admin-api-keys.js';
import { CreateCalendarEventRequestSchema, UpdateCalendarEventRequestSchema } from './admin-calendar.js';
import { CreateNewsRequestSchema, UpdateNewsRequestSchema } from './admin-news.js';

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('the staff panel request schemas', () => {
  it('news: the spec defaults; an empty expiry is null; a PATCH keeps what it does not name', () => {
    expect(CreateNewsRequestSchema.parse({ title: ' A ', content: 'B', expires_at: '' })).toEqual({
      title: 'A',
      content: 'B',
      type: 'info',
      priority: 1,
      expires_at: null,
      notify_users: false,
      is_active: true,
    });
    expect(UpdateNewsRequestSchema.parse({ is_active: false })).toEqual({ is_active: false });
    expect(message(CreateNewsRequestSchema.safeParse({ title: 'A', content: 'B', priority: 2.5 }))).toBe('Priority must be a whole number from 1 to 5');
    expect(message(CreateNewsRequestSchema.safeParse('nope'))).toBe('Title is required');
  });

  it('calendar: optional fields sent empty become null, times get seconds, URLs must be http(s)', () => {
    const event = CreateCalendarEventRequestSchema.parse({ title: 'T', start_date: '2026-02-28', end_time: '09:05', location: '', url: 'https://x.test/a' });
    expect(event).toMatchObject({ type: 'event', end_date: null, end_time: '09:05:00', location: null, url: 'https://x.test/a' });
    expect(message(CreateCalendarEventRequestSchema.safeParse({ title: 'T', start_date: '2026-02-30' }))).toBe('Dates must be calendar dates such as 2026-05-01');
    expect(message(CreateCalendarEventRequestSchema.safeParse({ title: 'T', start_date: '2026-02-01', url: 'ftp://x' }))).toBe(
      'Please enter a valid URL (http:// or https://)',
    );
    expect(UpdateCalendarEventRequestSchema.parse({ location: '' })).toEqual({ location: null });
  });

  it('API keys: both permissions by default, in a fixed order, none refused', () => {
    expect(CreateApiKeyRequestSchema.parse({ name: 'K', permissions: ['read_subscriptions', 'send_notifications'] }).permissions).toEqual([
      'send_notifications',
      'read_subscriptions',
    ]);
    expect(message(CreateApiKeyRequestSchema.safeParse({ name: 'K', permissions: ['delete_everything'] }))).toBe(
      'Permissions must be among send_notifications, read_subscriptions',
    );
  });

  it('activity: a date means its start, numbers come from the query string, limits are bounded', () => {
    expect(ActivityQuerySchema.parse({ since: '2026-11-01', before: '42' })).toEqual({ since: '2026-11-01T00:00:00.000Z', before: 42, limit: 100 });
    expect(message(ActivityQuerySchema.safeParse({ limit: '501' }))).toBe('limit must be a whole number from 1 to 500');
  });
});
