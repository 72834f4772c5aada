import {
  CONTENT_HTML_POLICY as POLICY,
  contentAttributeNames,
  contentUrlPattern,
  isAllowedContentAttribute,
} from '@xsd/contracts/content/html-policy';
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';

/**
 * The contracts' content HTML policy in DOMPurify's terms (the server applies the same policy with
 * sanitize-html). DOMPurify's flat lists are narrowed per element by a hook; links get the policy's
 * target and rel, whatever the author set.
 */
const CONFIG: Config = {
  ALLOWED_TAGS: [...POLICY.tags],
  ALLOWED_ATTR: contentAttributeNames(),
  ALLOWED_URI_REGEXP: contentUrlPattern(),
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  FORBID_CONTENTS: [...POLICY.dropWithContent],
  KEEP_CONTENT: true,
};

let purifier: DOMPurify | null = null;

/** An instance of its own, so these hooks never apply to another caller of DOMPurify. */
function contentPurifier(): DOMPurify {
  if (purifier) return purifier;
  const purify = createDOMPurify(window);
  purify.addHook('uponSanitizeAttribute', (node, event) => {
    if (!isAllowedContentAttribute(node.nodeName.toLowerCase(), event.attrName, event.attrValue)) event.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName.toLowerCase() !== 'a') return;
    for (const [name, value] of Object.entries(POLICY.linkAttributes)) node.setAttribute(name, value);
  });
  purifier = purify;
  return purify;
}

/** Staff HTML (news, event descriptions) sanitised again right before it is rendered. */
export function sanitizeContentHtml(html: string): string {
  return contentPurifier().sanitize(html, CONFIG);
}
