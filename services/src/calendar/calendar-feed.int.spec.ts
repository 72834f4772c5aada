import { createEvent, type CalendarEventFields } from '@xsd/contracts';
import { calendarEventFieldsFixture } from '@xsd/contracts/testing/calendar-fixtures';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';
import { waitFor } from '../testing/wait-for.js';

const id = (n: number) => `0190a1b2-0000-7000-8000-${String(n).padStart(12, '0')}`;
const STAFF = { kind: 'staff', id: id(99) } as const;
const FIELDS = calendarEventFieldsFixture({ title: '', startDate: '2026-03-01' });
const created = (n: number, fields: Partial<CalendarEventFields>, at: string) =>
  createEvent('calendar-event.created', { ...FIELDS, ...fields, eventId: id(n) }, { actor: STAFF, now: new Date(at) });

describe('GET /api/calendar.ics', () => {
  let api: ApiTestApp;
  const get = () => request(api.app.getHttpServer()).get('/api/calendar.ics').buffer(true).parse((res, done) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (text += chunk));
    res.on('end', () => done(null, text));
  });

  beforeAll(async () => {
    api = await createApiTestApp();
  });

  afterAll(async () => {
    await api?.close();
  });

  it('answers an empty calendar as text/calendar', async () => {
    const response = await get().expect(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    expect(response.body).not.toContain('BEGIN:VEVENT');
  });

  describe('given events', () => {
    beforeAll(async () => {
      await api.log.appendMany([
        created(
          1,
          {
            title: 'Bridge upgrade',
            description: '<p>Bridges <b>pause</b><script>steal()</script></p>',
            type: 'maintenance',
            startDate: '2026-03-05',
            startTime: '14:00:00',
            endTime: '16:30:00',
            url: 'javascript:alert(1)',
          },
          '2026-02-01T00:00:00Z',
        ),
        created(2, { title: 'Cancelled', type: 'deadline', isActive: false }, '2026-02-02T00:00:00Z'),
      ]);
      // The feed follows the calendar projection.
      await waitFor(async () => ((await get()).body as string).includes('BEGIN:VEVENT'), { timeoutMs: 10_000, message: 'the feed to list the events' });
    });

    it('lists the active events only, sanitised, with an ETag a calendar app can revalidate', async () => {
      const response = await get().expect(200);
      const body = response.body as string;
      expect(body).toContain(`UID:${id(1)}@calendar.silverboard\r\nDTSTAMP:20260201T000000Z\r\nDTSTART:20260305T140000\r\nDTEND:20260305T163000\r\n`);
      expect(body).toContain('DESCRIPTION:Bridges pause\r\n');
      expect(body).not.toMatch(/Cancelled|steal|javascript:/);
      await request(api.app.getHttpServer()).get('/api/calendar.ics').set('if-none-match', response.headers.etag as string).expect(304);
    });
  });
});
