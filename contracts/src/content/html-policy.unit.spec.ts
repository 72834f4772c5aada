import { describe, expect, it } from 'vitest';
import { contentUrlPattern, isAllowedContentAttribute, isAllowedContentUrl } from './html-policy.js';

describe('isAllowedContentUrl', () => {
  it('allows the schemes of the element, and relative URLs', () => {
    expect(['https://bankx.io', 'HTTP://x.test', 'mailto:team@bankx.io', '/silver-price', '#top', '?page=2', 'page.html'].map((url) => isAllowedContentUrl('a', url))).toEqual(
      [true, true, true, true, true, true, true],
    );
    expect(isAllowedContentUrl('img', 'mailto:team@bankx.io')).toBe(false);
  });

  it('refuses other schemes, also when hidden by case or blanks, and protocol-relative URLs', () => {
    for (const url of ['javascript:alert(1)', 'JavaScript:alert(1)', ' java\tscript:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.test', '\\\\evil.test']) {
      expect(isAllowedContentUrl('a', url), url).toBe(false);
    }
  });
});

describe('isAllowedContentAttribute', () => {
  it('keeps only the attributes named for the element, with allowed URLs', () => {
    expect(isAllowedContentAttribute('a', 'href', 'https://bankx.io')).toBe(true);
    expect(isAllowedContentAttribute('a', 'href', 'javascript:alert(1)')).toBe(false);
    expect(isAllowedContentAttribute('a', 'onclick', 'x()')).toBe(false);
    expect(isAllowedContentAttribute('p', 'title', 'x')).toBe(false);
    expect(isAllowedContentAttribute('th', 'scope', 'col')).toBe(true);
  });
});

describe('contentUrlPattern', () => {
  it('accepts what some element may keep and nothing else (DOMPurify tests it without blanks)', () => {
    const pattern = contentUrlPattern();
    expect(['https://x.test', 'mailto:a@b.test', '/path', '#a', 'page.html'].every((url) => pattern.test(url))).toBe(true);
    expect(['javascript:alert(1)', 'data:x', '//evil.test', '\\\\evil.test'].some((url) => pattern.test(url))).toBe(false);
  });
});
