import { describe, expect, it } from 'vitest';
import { DEFAULT_META, NOT_FOUND_META, normalizePath, resolvePageMeta, ROUTES } from './routes';

describe('route table', () => {
  it('routes every path of the spec', () => {
    const routed = ROUTES.filter((route) => route.routed).map((route) => route.path);
    expect(routed.sort()).toEqual(
      [
        '/',
        '/api-access',
        '/wallet-checker',
        '/add-to-wallet',
        '/price-alerts',
        '/calendar',
        '/silver-price',
        '/system-compatibility',
        '/shop',
        '/about',
        '/about-site',
        '/socials',
        '/contact',
        '/arbitrage-hunter',
        '/admin',
      ].sort(),
    );
  });

  it('gives every page its own title and description', () => {
    const titles = new Set(ROUTES.map((route) => route.title));
    expect(titles.size).toBe(ROUTES.length);
    expect(ROUTES.every((route) => route.description.length > 20)).toBe(true);
    expect(DEFAULT_META.title).toContain('Silverboard');
  });
});

describe('resolvePageMeta', () => {
  it('finds a page with or without a trailing slash', () => {
    expect(resolvePageMeta('/calendar/').name).toBe('Calendar');
    expect(normalizePath('///')).toBe('/');
  });

  it('uses the 404 metadata for unknown paths and for /gas-tracker, which has no route', () => {
    expect(resolvePageMeta('/nope')).toBe(NOT_FOUND_META);
    expect(resolvePageMeta('/gas-tracker')).toBe(NOT_FOUND_META);
  });

  it('keeps admin pages out of search engines', () => {
    expect(resolvePageMeta('/admin').noIndex).toBe(true);
    expect(resolvePageMeta('/admin/anything').noIndex).toBe(true);
  });
});
