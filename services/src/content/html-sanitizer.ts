import { CONTENT_HTML_POLICY as POLICY } from '@xsd/contracts/content/html-policy';
import sanitizeHtml from 'sanitize-html';

const LINK_ATTRIBUTES = Object.keys(POLICY.linkAttributes);

/**
 * The contracts' content HTML policy in sanitize-html's terms (the browser applies the same policy
 * with DOMPurify). Links lose what the author set for target and rel and get the policy's, last.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...POLICY.tags],
  allowedAttributes: {
    ...Object.fromEntries(Object.entries(POLICY.attributes).map(([tag, names]) => [tag, [...names]])),
    a: [...(POLICY.attributes.a ?? []), ...LINK_ATTRIBUTES],
  },
  allowedSchemes: [...POLICY.urlSchemes],
  allowedSchemesByTag: Object.fromEntries(Object.entries(POLICY.urlSchemesByTag).map(([tag, schemes]) => [tag, [...schemes]])),
  allowedSchemesAppliedToAttributes: [...POLICY.urlAttributes],
  allowProtocolRelative: false,
  nonTextTags: [...POLICY.dropWithContent],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...Object.fromEntries(Object.entries(attribs).filter(([name]) => !LINK_ATTRIBUTES.includes(name))),
        ...POLICY.linkAttributes,
      },
    }),
  },
};

/** Staff HTML made safe to render: sanitised when stored and again before it leaves the server. */
export function sanitizeContentHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
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
