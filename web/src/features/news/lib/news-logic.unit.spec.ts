import type { NewsItem } from '@xsd/contracts/api/news';
import { describe, expect, it } from 'vitest';
import { isUrgent, newsStyle, parseDismissedIds, partitionDismissed } from './news-logic';

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

describe('newsStyle', () => {
  it('gives the four known types their own style', () => {
    expect(['info', 'warning', 'success', 'error'].map((type) => newsStyle(type).tone)).toEqual([
      'info',
      'warning',
      'success',
      'error',
    ]);
  });

  it('shows any other type with a megaphone', () => {
    expect(newsStyle('other')).toMatchObject({ tone: 'other', icon: 'megaphone' });
    expect(newsStyle('celebration')).toMatchObject({ tone: 'other', icon: 'megaphone' });
  });
});

describe('isUrgent', () => {
  it('is true from priority 4', () => {
    expect([1, 3, 4, 5].map((priority) => isUrgent({ priority }))).toEqual([false, false, true, true]);
  });
});

describe('partitionDismissed', () => {
  it('keeps the order and ignores ids that are no longer listed', () => {
    const items = [item({ id: 'a' }), item({ id: 'b' }), item({ id: 'c' })];
    const { shown, dismissed } = partitionDismissed(items, ['c', 'zzz', 'a']);
    expect(shown.map((news) => news.id)).toEqual(['b']);
    expect(dismissed.map((news) => news.id)).toEqual(['a', 'c']);
  });
});

describe('parseDismissedIds', () => {
  it('reads a list of ids and treats anything else as none', () => {
    expect(parseDismissedIds(['a', 7, null, { id: 'x' }])).toEqual(['a', '7']);
    expect(parseDismissedIds('a')).toEqual([]);
    expect(parseDismissedIds(undefined)).toEqual([]);
  });
});
