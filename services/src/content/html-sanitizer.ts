import sanitizeHtml from 'sanitize-html';

/**
 * What staff-written HTML (news content, event descriptions) may keep: text markup, lists,
 * headings, tables, links and images over http(s). Scripts, styles, forms, frames, event handler
 * attributes (`onerror`, `onclick`…), `style` and `javascript:` or `data:` URLs are removed;
 * `<script>` and `<style>` go with their content. Links open in a new tab without an opener.
 */
const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img'],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    abbr: ['title'],
    time: ['datetime'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
};

/** Staff HTML made safe to render: sanitised when stored and again before it leaves the server. */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, POLICY);
}

/** A link for a "Learn More" button: an absolute http(s) URL, or null for anything else. */
export function safeLinkUrl(url: string | null): string | null {
  if (url === null) return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
