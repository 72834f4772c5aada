import { useEffect } from 'react';
import type { PageMeta } from '../../config/routes';
import { buildStructuredData } from './structured-data';

export interface HeadProps {
  readonly meta: PageMeta;
  /** The page path (canonical URL and breadcrumb). */
  readonly path: string;
}

function setMeta(attribute: 'name' | 'property', key: string, content: string | null): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (content === null) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.append(element);
  }
  element.content = content;
}

function setCanonical(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.append(link);
  }
  link.href = href;
}

function setJsonLd(data: unknown): void {
  let script = document.head.querySelector<HTMLScriptElement>('script#structured-data');
  if (!script) {
    script = document.createElement('script');
    script.id = 'structured-data';
    script.type = 'application/ld+json';
    document.head.append(script);
  }
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
