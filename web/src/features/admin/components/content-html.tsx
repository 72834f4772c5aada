import { useMemo } from 'react';
import { sanitizeContentHtml } from '../../../lib/content-html';

/** Staff HTML (news content, event descriptions), sanitised again right before it is rendered. */
export function ContentHtml({ html, className }: { readonly html: string; readonly className?: string }) {
  const clean = useMemo(() => sanitizeContentHtml(html), [html]);
  return <div className={`content-html${className ? ` ${className}` : ''}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
