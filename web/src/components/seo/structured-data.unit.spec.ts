import { describe, expect, it } from 'vitest';
import { resolvePageMeta } from '../../config/routes';
import { breadcrumbTrail, buildStructuredData } from './structured-data';

describe('breadcrumbTrail', () => {
  it('is Home alone on the home page, Home then the page elsewhere', () => {
    expect(breadcrumbTrail('/', 'Dashboard')).toEqual([{ name: 'Home', path: '/' }]);
    expect(breadcrumbTrail('/calendar', 'Calendar')).toEqual([
      { name: 'Home', path: '/' },
      { name: 'Calendar', path: '/calendar' },
    ]);
  });
});

describe('buildStructuredData', () => {
  it('describes the website, organization, page and breadcrumb trail', () => {
    const meta = resolvePageMeta('/silver-price');
    const data = buildStructuredData({ origin: 'https://example.org', path: '/silver-price', meta });
    const graph = data['@graph'];
    expect(graph.map((node) => node['@type'])).toEqual(['WebSite', 'Organization', 'WebPage', 'BreadcrumbList']);
    expect(graph[2]).toMatchObject({
      url: 'https://example.org/silver-price',
      name: meta.title,
      description: meta.description,
      datePublished: '2025-06-01',
    });
    expect(graph[3]).toMatchObject({
      itemListElement: [
        { position: 1, name: 'Home', item: 'https://example.org/' },
        { position: 2, name: 'Silver Price 24H', item: 'https://example.org/silver-price' },
      ],
    });
  });
});
