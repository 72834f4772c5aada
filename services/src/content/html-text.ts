import sanitizeHtml from 'sanitize-html';

const BLOCK_END = /<\s*(br\s*\/?|\/\s*(p|div|li|h[1-6]|blockquote|pre|tr))\s*>/gi;
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Content HTML as plain text (a calendar feed's DESCRIPTION): line breaks where blocks end,
 * every tag dropped with what the policy drops with its content, entities decoded.
 */
export function htmlToText(html: string): string {
  const text = sanitizeHtml(html.replace(BLOCK_END, '$&\n'), { allowedTags: [], allowedAttributes: {}, nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript'] });
  return text
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
