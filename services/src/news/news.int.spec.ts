import { createEvent, type NewsFields } from '@xsd/contracts';
import type { NewsItem, NewsListResponse } from '@xsd/contracts/api/news';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiTestApp, type ApiTestApp } from '../testing/api-test-app.js';

const NOW = Date.UTC(2026, 2, 2, 12, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const iso = (ms: number) => new Date(ms).toISOString();
const id = (n: number) => `0190a1b2-0000-7000-8000-${String(n).padStart(12, '0')}`;

describe('GET /api/news', () => {
  let api: ApiTestApp;
  const get = () => request(api.app.getHttpServer()).get('/api/news');
  let now = NOW;
  const staff = { kind: 'staff', id: '0190a1b2-0000-7000-8000-0000000000aa', email: 'news@silverboard.test' } as const;
  /** Items as staff would create them (appended straight to the log, so stored HTML may be hostile), then projected. */
  const create = async (items: (Partial<NewsFields> & { id: string; title: string; content: string; createdAt: number })[]) => {
    for (const { id: newsId, createdAt, ...fields } of items) {
      const data = { type: 'info', priority: 1, expiresAt: null, notifyUsers: false, isActive: true, ...fields, newsId } as const;
      await api.log.append(createEvent('news.created', data, { actor: staff, now: new Date(createdAt) }));
    }
    await api.caughtUp();
  };
  const titles = (body: NewsListResponse) => body.items.map((item) => item.title);

  beforeAll(async () => {
    api = await createApiTestApp({ clock: () => new Date(now) });
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
      await create([
        { id: id(1), title: 'Urgent, older', content: '<p>a</p>', type: 'warning', priority: 5, createdAt: NOW - HOUR },
        { id: id(2), title: 'Urgent, newer', content: '<p>b</p>', type: 'error', priority: 5, createdAt: NOW - 10 * MINUTE },
        { id: id(3), title: 'Expires later', content: '<p>c</p>', type: 'success', priority: 2, createdAt: NOW - 5 * MINUTE, expiresAt: iso(NOW + HOUR) },
        { id: id(4), title: 'High', content: '<p>d</p>', type: 'info', priority: 4, createdAt: NOW - 2 * HOUR },
        { id: id(5), title: 'Expired', content: 'e', priority: 5, createdAt: NOW - HOUR, expiresAt: iso(NOW - 1_000) },
        { id: id(6), title: 'Expires now', content: 'f', priority: 5, createdAt: NOW - HOUR, expiresAt: iso(NOW) },
        { id: id(7), title: 'Switched off', content: 'g', priority: 5, createdAt: NOW, isActive: false },
        {
          id: id(8),
          title: 'Hostile',
          content:
            '<p>Hello<script>alert(1)</script></p><img src="https://x.test/a.png" onerror="alert(2)">' +
            '<a href="javascript:alert(3)" onclick="alert(4)">more</a>',
          priority: 1,
          createdAt: NOW - MINUTE,
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
      await create([{ id: id(9), title: 'Gone in a minute', content: 'x', priority: 3, createdAt: NOW, expiresAt: iso(NOW + MINUTE) }]);
      expect(titles((await get().expect(200)).body)).toContain('Gone in a minute');
      now = NOW + 2 * MINUTE;
      expect(titles((await get().expect(200)).body)).not.toContain('Gone in a minute');
      now = NOW;
    });
  });
});
