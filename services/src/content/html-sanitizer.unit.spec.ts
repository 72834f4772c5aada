import { SAFE_CASES, XSS_CASES } from '@xsd/contracts/content/html-policy.cases';
import { describe, expect, it } from 'vitest';
import { safeLinkUrl, sanitizeContentHtml } from './html-sanitizer.js';

/** sanitize-html closes void elements (`<img />`); the shared cases are written as a browser serialises. */
const sanitize = (html: string) => sanitizeContentHtml(html).replace(/ \/>/g, '>');

describe('sanitizeContentHtml (sanitize-html with the contracts policy)', () => {
  it('strips every attack of the shared set as the browser does', () => {
    const results = XSS_CASES.map((c) => [c.name, sanitize(c.html)]);
    expect(results).toEqual(XSS_CASES.map((c) => [c.name, c.safe]));
    for (const [, result] of results) expect(result).not.toMatch(/<script|<iframe|<svg|javascript:|data:|on[a-z]+=/i);
  });

  it('keeps the shared safe markup as the browser does', () => {
    expect(SAFE_CASES.map((c) => [c.name, sanitize(c.html)])).toEqual(SAFE_CASES.map((c) => [c.name, c.safe]));
  });

  it('escapes plain text that would be markup', () => {
    expect(sanitizeContentHtml('Silver > 1.20 & rising')).toBe('Silver &gt; 1.20 &amp; rising');
  });
});

describe('safeLinkUrl', () => {
  it('keeps absolute http(s) URLs and drops anything else', () => {
    expect(safeLinkUrl('https://bankx.io/launch')).toBe('https://bankx.io/launch');
    expect(safeLinkUrl(' http://x.test ')).toBe('http://x.test/');
    expect(safeLinkUrl('javascript:alert(1)')).toBeNull();
    expect(safeLinkUrl('data:text/html,<b>x</b>')).toBeNull();
    expect(safeLinkUrl('/relative')).toBeNull();
    expect(safeLinkUrl(null)).toBeNull();
  });
});
