import { createEvent, type CalendarEventFields } from '@xsd/contracts';
import { calendarEventFieldsFixture } from '@xsd/contracts/testing/calendar-fixtures';
import type { CalendarEvent, CalendarEventsResponse } from '@xsd/contracts/api/calendar';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';
import { waitFor } from '../testing/wait-for.js';

const id = (n: number) => `0190a1b2-0000-7000-8000-${String(n).padStart(12, '0')}`;
const STAFF = { kind: 'staff', id: id(99) } as const;
const FIELDS = calendarEventFieldsFixture({ title: '', startDate: '2026-03-01' });
/** Events as staff create them, one second apart (the creation order breaks ties). */
const created = (n: number, fields: Partial<CalendarEventFields>) =>
  createEvent('calendar-event.created', { ...FIELDS, ...fields, eventId: id(n) }, { actor: STAFF, now: new Date(Date.UTC(2026, 1, 1, 0, 0, n)) });

describe('GET /api/calendar/events', () => {
  let api: ApiTestApp;
  const get = () => request(api.app.getHttpServer()).get('/api/calendar/events');

  beforeAll(async () => {
    api = await createApiTestApp();
  });

  afterAll(async () => {
    await api?.close();
  });

  it('answers an empty list while there are no events', async () => {
    expect((await get().expect(200)).body).toEqual({ items: [] });
  });

  describe('given active and inactive events', () => {
    beforeAll(async () => {
      await api.log.appendMany([
        created(1, { title: 'Listing', type: 'announcement', startDate: '2026-04-10' }),
        created(2, {
          title: 'Bridge upgrade',
          // Stored as staff sent it here: the public read sanitises again.
          description: '<p>Bridges <b>pause</b><script>steal()</script></p><img src="x" onerror="steal()">',
          type: 'maintenance',
          startDate: '2026-03-05',
          endDate: '2026-03-06',
          startTime: '14:00:00',
          endTime: '16:30:00',
          location: 'Online',
          url: 'https://bankx.io/bridge',
          notifyUsers: true,
        }),
        created(3, { title: 'All-day AMA', type: 'event', startDate: '2026-03-05', url: 'javascript:alert(1)' }),
        created(4, { title: 'Cancelled', type: 'deadline', startDate: '2026-03-01', isActive: false }),
        // Past events stay in the calendar.
        created(5, { title: 'Last month', type: 'update', startDate: '2026-02-01' }),
      ]);
      await waitFor(async () => ((await get()).body as CalendarEventsResponse).items.length === 4, {
        timeoutMs: 10_000,
        message: 'the calendar projection',
      });
    });

    it('lists only active events, earliest start date first (all-day before timed on the same day)', async () => {
      const { body } = await get().expect(200);
      expect((body as CalendarEventsResponse).items.map((e) => e.title)).toEqual([
        'Last month',
        'All-day AMA',
        'Bridge upgrade',
        'Listing',
      ]);
    });

    it('answers each event in the CalendarEvent shape, with its description sanitised', async () => {
      const response = await get().expect(200);
      const event = (response.body as CalendarEventsResponse).items.find((e) => e.id === id(2));
      expect(event).toEqual({
        id: id(2),
        title: 'Bridge upgrade',
        description: '<p>Bridges <b>pause</b></p><img src="x" />',
        type: 'maintenance',
        start_date: '2026-03-05',
        end_date: '2026-03-06',
        start_time: '14:00:00',
        end_time: '16:30:00',
        location: 'Online',
        url: 'https://bankx.io/bridge',
        is_active: true,
        notify_users: true,
      } satisfies CalendarEvent);
      expect(response.text).not.toMatch(/<script|steal|onerror|javascript:/i);
    });

    it('answers null for what an event leaves out, and for a link that is not http(s)', async () => {
      const { body } = await get().expect(200);
      expect((body as CalendarEventsResponse).items.find((e) => e.id === id(3))).toEqual({
        id: id(3),
        title: 'All-day AMA',
        description: null,
        type: 'event',
        start_date: '2026-03-05',
        end_date: null,
        start_time: null,
        end_time: null,
        location: null,
        url: null,
        is_active: true,
        notify_users: false,
      });
    });
  });
});
