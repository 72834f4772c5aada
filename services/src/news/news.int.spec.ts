import type { NewsItem, NewsListResponse } from '@xsd/contracts/api/news';
import type { Insertable } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BreakingNewsTable } from '../read-models/breaking-news/breaking-news.table.js';
import { createApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

const NOW = Date.UTC(2026, 2, 2, 12, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();
const id = (n: number) => `0190a1b2-0000-7000-8000-${String(n).padStart(12, '0')}`;

describe('GET /api/news', () => {
  let api: ApiTestApp;
  const get = () => request(api.app.getHttpServer()).get('/api/news');
  const insert = (rows: Insertable<BreakingNewsTable>[]) => api.database.db.insertInto('breaking_news').values(rows).execute();
  const titles = (body: NewsListResponse) => body.items.map((item) => item.title);

  beforeAll(async () => {
    api = await createApiTestApp({ clock: () => new Date(NOW) });
  });

  afterAll(async () => {
    await api?.close();
  });

  it('answers an empty list while there is no news', async () => {
    const response = await get().expect(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual({ items: [] });
  });

  describe('given active, inactive and expired items', () => {
    beforeAll(async () => {
      await insert([
        { id: id(1), title: 'Urgent, older', content: '<p>a</p>', type: 'warning', priority: 5, created_at: iso(NOW - HOUR) },
        { id: id(2), title: 'Urgent, newer', content: '<p>b</p>', type: 'error', priority: 5, created_at: iso(NOW - 10 * MINUTE) },
        {
          id: id(3),
          title: 'Expires later',
          content: '<p>c</p>',
          type: 'success',
          priority: 2,
          created_at: iso(NOW - 5 * MINUTE),
          expires_at: iso(NOW + HOUR),
        },
        { id: id(4), title: 'High', content: '<p>d</p>', type: 'info', priority: 4, created_at: iso(NOW - 2 * HOUR) },
        { id: id(5), title: 'Expired', content: 'e', priority: 5, created_at: iso(NOW - HOUR), expires_at: iso(NOW - 1_000) },
        { id: id(6), title: 'Expires now', content: 'f', priority: 5, created_at: iso(NOW - HOUR), expires_at: iso(NOW) },
        { id: id(7), title: 'Switched off', content: 'g', priority: 5, created_at: iso(NOW), is_active: false },
        {
          id: id(8),
          title: 'Hostile',
          content:
            '<p>Hello<script>alert(1)</script></p><img src="https://x.test/a.png" onerror="alert(2)">' +
            '<a href="javascript:alert(3)" onclick="alert(4)">more</a>',
          priority: 1,
          created_at: iso(NOW - MINUTE),
        },
      ]);
    });

    it('lists only active, unexpired items, by priority then newest first', async () => {
      const { body } = await get().expect(200);
      expect(titles(body)).toEqual(['Urgent, newer', 'Urgent, older', 'High', 'Expires later', 'Hostile']);
    });

    it('answers each item in the NewsItem shape, instants in ISO 8601', async () => {
      const { body } = await get().expect(200);
      const item = (body as NewsListResponse).items.find((i) => i.id === id(3));
      expect(item).toEqual({
        id: id(3),
        title: 'Expires later',
        content: '<p>c</p>',
        type: 'success',
        priority: 2,
        is_active: true,
        expires_at: iso(NOW + HOUR),
        created_at: iso(NOW - 5 * MINUTE),
      } satisfies NewsItem);
    });

    it('sanitises the content before it leaves the server, even when the stored HTML is not', async () => {
      const response = await get().expect(200);
      const hostile = (response.body as NewsListResponse).items.find((i) => i.id === id(8))!;
      expect(hostile.content).toBe(
        '<p>Hello</p><img src="https://x.test/a.png" /><a target="_blank" rel="noopener noreferrer">more</a>',
      );
      expect(response.text).not.toMatch(/<script|alert|onerror|onclick|javascript:/i);
    });

    it('drops an item once it expires, by the server clock', async () => {
      await insert([{ title: 'Gone in a minute', content: 'x', priority: 3, expires_at: iso(NOW + MINUTE) }]);
      expect(titles((await get().expect(200)).body)).toContain('Gone in a minute');
      await api.database.db.updateTable('breaking_news').set({ expires_at: iso(NOW - 1) }).where('title', '=', 'Gone in a minute').execute();
      expect(titles((await get().expect(200)).body)).not.toContain('Gone in a minute');
    });
  });
});
