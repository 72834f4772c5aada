import { describe, expect, it } from 'vitest';
import { safeLinkUrl, sanitizeContentHtml } from './html-sanitizer.js';

describe('sanitizeContentHtml', () => {
  it('keeps text markup, lists, headings and tables', () => {
    const html = '<h3>Launch</h3><p>New <strong>pools</strong> and <em>bridges</em>:</p><ul><li>BSC</li></ul><table><tr><td>1</td></tr></table>';
    expect(sanitizeContentHtml(html)).toBe(
      '<h3>Launch</h3><p>New <strong>pools</strong> and <em>bridges</em>:</p><ul><li>BSC</li></ul><table><tr><td>1</td></tr></table>',
    );
  });

  it('removes scripts with their content, and event handler attributes', () => {
    const html = '<p>Hi<script>alert(1)</script></p><img src="https://x.test/a.png" onerror="alert(2)"><b onclick="steal()">b</b>';
    const clean = sanitizeContentHtml(html);
    expect(clean).toBe('<p>Hi</p><img src="https://x.test/a.png" /><b>b</b>');
    expect(clean).not.toMatch(/script|alert|onerror|onclick/i);
  });

  it('removes styles, frames, forms and dangerous URLs', () => {
    const html =
      '<style>p{}</style><iframe src="https://x.test"></iframe><form><input></form>' +
      '<a href="javascript:alert(1)">x</a><a href="//evil.test">y</a><img src="data:image/png;base64,AAAA"><p style="color:red">z</p>';
    expect(sanitizeContentHtml(html)).toBe(
      '<a target="_blank" rel="noopener noreferrer">x</a><a target="_blank" rel="noopener noreferrer">y</a><img /><p>z</p>',
    );
  });

  it('makes links open in a new tab without an opener', () => {
    expect(sanitizeContentHtml('<a href="https://bankx.io" target="_self" rel="opener">BankX</a>')).toBe(
      '<a href="https://bankx.io" target="_blank" rel="noopener noreferrer">BankX</a>',
    );
  });

  it('leaves plain text alone, escaping what would be markup', () => {
    expect(sanitizeContentHtml('Silver > 1.20 & rising')).toBe('Silver &gt; 1.20 &amp; rising');
    expect(sanitizeContentHtml('')).toBe('');
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
