import { useEffect } from 'react';
import type { PageMeta } from '../../config/routes';
import { buildStructuredData } from './structured-data';

export interface HeadProps {
  readonly meta: PageMeta;
  /** The page path (canonical URL and breadcrumb). */
  readonly path: string;
}

/** The head's element matching `selector`, made by `create` and appended the first time. */
function headElement<TElement extends HTMLElement>(selector: string, create: () => TElement): TElement {
  const found = document.head.querySelector<TElement>(selector);
  if (found) return found;
  const element = create();
  document.head.append(element);
  return element;
}

function setMeta(attribute: 'name' | 'property', key: string, content: string | null): void {
  const selector = `meta[${attribute}="${key}"]`;
  if (content === null) {
    document.head.querySelector(selector)?.remove();
    return;
  }
  const element = headElement(selector, () => {
    const meta = document.createElement('meta');
    meta.setAttribute(attribute, key);
    return meta;
  });
  element.content = content;
}

function setCanonical(href: string): void {
  const link = headElement('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' }));
  link.href = href;
}

function setJsonLd(data: unknown): void {
  const script = headElement('script#structured-data', () => Object.assign(document.createElement('script'), { id: 'structured-data', type: 'application/ld+json' }));
  script.textContent = JSON.stringify(data);
}

/**
 * A small head manager: title, description, Open Graph, robots, canonical URL and the
 * structured data of the current page. The last Head to render wins.
 */
export function Head({ meta, path }: HeadProps) {
  useEffect(() => {
    const origin = window.location.origin;
    document.title = meta.title;
    setMeta('name', 'description', meta.description);
    setMeta('property', 'og:title', meta.title);
    setMeta('property', 'og:description', meta.description);
    setMeta('property', 'og:type', 'website');
    setMeta('property', 'og:url', new URL(path, origin).href);
    setMeta('name', 'robots', meta.noIndex ? 'noindex' : null);
    setCanonical(new URL(path, origin).href);
    setJsonLd(buildStructuredData({ origin, path, meta }));
  }, [meta, path]);
  return null;
}
