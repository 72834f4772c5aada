/**
 * What staff-written HTML (news content, event descriptions) may keep: one allow-list, applied by
 * sanitize-html on the server (before storing and before serving) and by DOMPurify in the browser
 * (before rendering). Anything not named here is removed: scripts, styles, forms, frames, event
 * handler attributes (`onerror`, `onclick`…), `style`, `class`, `id`, `data-*`, and URLs of other
 * schemes (`javascript:`, `data:`) or protocol-relative ones (`//host`). Links open in a new tab
 * without an opener.
 */
import { deepFreeze } from '../chains/freeze.js';

export interface ContentHtmlPolicy {
  /** Elements kept (lower case). Others are removed; their text stays unless listed in `dropWithContent`. */
  readonly tags: readonly string[];
  /** Attributes kept, per element. */
  readonly attributes: Readonly<Record<string, readonly string[]>>;
  /** Attributes holding a URL, checked with {@link isAllowedContentUrl}. */
  readonly urlAttributes: readonly string[];
  /** URL schemes allowed by default; relative URLs (no scheme, not `//`) are allowed too. */
  readonly urlSchemes: readonly string[];
  /** Narrower schemes for some elements (images load over http(s) only). */
  readonly urlSchemesByTag: Readonly<Record<string, readonly string[]>>;
  /** Elements removed together with everything inside them. */
  readonly dropWithContent: readonly string[];
  /** Set on every `<a>`, replacing what the author wrote. */
  readonly linkAttributes: Readonly<Record<string, string>>;
}

export const CONTENT_HTML_POLICY: ContentHtmlPolicy = deepFreeze({
  tags: [
    // sections and text blocks
    'address', 'article', 'aside', 'footer', 'header', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hgroup', 'main', 'nav',
    'section', 'blockquote', 'dd', 'div', 'dl', 'dt', 'figcaption', 'figure', 'hr', 'li', 'menu', 'ol', 'p', 'pre', 'ul',
    // inline text
    'a', 'abbr', 'b', 'bdi', 'bdo', 'br', 'cite', 'code', 'data', 'dfn', 'em', 'i', 'kbd', 'mark', 'q', 'rb', 'rp', 'rt',
    'rtc', 'ruby', 's', 'samp', 'small', 'span', 'strong', 'sub', 'sup', 'time', 'u', 'var', 'wbr',
    // tables and images
    'caption', 'col', 'colgroup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'img',
  ],
  attributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    abbr: ['title'],
    time: ['datetime'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    ol: ['start'],
  },
  urlAttributes: ['href', 'src'],
  urlSchemes: ['http', 'https', 'mailto'],
  urlSchemesByTag: { img: ['http', 'https'] },
  dropWithContent: [
    'script', 'style', 'template', 'noscript', 'noembed', 'noframes', 'iframe', 'object', 'embed', 'textarea', 'select',
    'option', 'svg', 'math', 'title', 'xmp', 'plaintext',
  ],
  linkAttributes: { target: '_blank', rel: 'noopener noreferrer' },
});

/** Characters browsers ignore inside a URL's scheme (controls, blanks), removed before it is read. */
const IGNORED_IN_URL = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const PROTOCOL_RELATIVE = /^[/\\]{2}/;

export function allowedUrlSchemes(tag: string, policy: ContentHtmlPolicy = CONTENT_HTML_POLICY): readonly string[] {
  return policy.urlSchemesByTag[tag] ?? policy.urlSchemes;
}

/** A URL `tag` may keep: one of its allowed schemes, or relative (a path, `?query` or `#anchor`). */
export function isAllowedContentUrl(tag: string, url: string, policy: ContentHtmlPolicy = CONTENT_HTML_POLICY): boolean {
  const compact = url.replace(IGNORED_IN_URL, '');
  if (PROTOCOL_RELATIVE.test(compact)) return false;
  const scheme = SCHEME.exec(compact)?.[1];
  return scheme === undefined || allowedUrlSchemes(tag, policy).includes(scheme.toLowerCase());
}

/** Whether `tag` keeps attribute `name` with `value` (URL attributes must hold an allowed URL). */
export function isAllowedContentAttribute(
  tag: string,
  name: string,
  value: string,
  policy: ContentHtmlPolicy = CONTENT_HTML_POLICY,
): boolean {
  if (!(policy.attributes[tag] ?? []).includes(name)) return false;
  return !policy.urlAttributes.includes(name) || isAllowedContentUrl(tag, value, policy);
}

/** Every attribute name some element keeps (DOMPurify's flat ALLOWED_ATTR). */
export function contentAttributeNames(policy: ContentHtmlPolicy = CONTENT_HTML_POLICY): string[] {
  return [...new Set(Object.values(policy.attributes).flat())];
}

/**
 * The URLs any element may keep, as one pattern (DOMPurify's ALLOWED_URI_REGEXP, tested on the
 * value without ignored characters): an allowed scheme, or no scheme and not `//`.
 */
export function contentUrlPattern(policy: ContentHtmlPolicy = CONTENT_HTML_POLICY): RegExp {
  const schemes = [...new Set([...policy.urlSchemes, ...Object.values(policy.urlSchemesByTag).flat()])];
  return new RegExp(`^(?:(?:${schemes.join('|')}):|(?![/\\\\]{2})(?![a-z][a-z0-9+.-]*:))`, 'i');
}
