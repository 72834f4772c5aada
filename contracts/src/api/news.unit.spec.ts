import { describe, expect, it } from 'vitest';
import { activeNews, compareNews, type NewsItem } from './news.js';

const now = Date.parse('2025-06-10T12:00:00Z');

function item(overrides: Partial<NewsItem>): NewsItem {
  return {
    id: 'n1',
    title: 'Title',
    content: '<p>Body</p>',
    type: 'info',
    priority: 1,
    is_active: true,
    expires_at: null,
    created_at: '2025-06-01T00:00:00Z',
    ...overrides,
  };
}

describe('activeNews', () => {
  it('drops inactive items and those expired at now (an expiry at now has passed)', () => {
    const items = [
      item({ id: 'a' }),
      item({ id: 'b', is_active: false }),
      item({ id: 'c', expires_at: '2025-06-10T11:59:59Z' }),
      item({ id: 'd', expires_at: '2025-06-10T12:00:01Z' }),
      item({ id: 'e', expires_at: '2025-06-10T12:00:00Z' }),
    ];
    expect(activeNews(items, now).map((news) => news.id)).toEqual(['d', 'a']);
  });

  it('sorts by priority descending, newest first within a priority, then by id descending', () => {
    const items = [
      item({ id: 'low', priority: 1 }),
      item({ id: 'high-old', priority: 5, created_at: '2025-06-01T00:00:00Z' }),
      item({ id: 'high-new', priority: 5, created_at: '2025-06-05T00:00:00Z' }),
      item({ id: 'mid-a', priority: 3 }),
      item({ id: 'mid-b', priority: 3 }),
    ];
    expect(activeNews(items, now).map((news) => news.id)).toEqual(['high-new', 'high-old', 'mid-b', 'mid-a', 'low']);
  });

  it('gives the same order whatever order the items came in', () => {
    const items = [item({ id: 'x', priority: 2 }), item({ id: 'y', priority: 2 }), item({ id: 'z', priority: 4, created_at: '2025-05-01T00:00:00Z' })];
    expect([...items].sort(compareNews)).toEqual([...items].reverse().sort(compareNews));
  });
});
