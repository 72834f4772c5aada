import { DEFAULT_META, type PageMeta } from '../../config/routes';
import { DEFAULT_DATE_PUBLISHED, PRODUCT_NAME } from '../../config/site';

export interface Crumb {
  readonly name: string;
  readonly path: string;
}

/** Home, then the page itself (every page sits one level under home). */
export function breadcrumbTrail(path: string, name: string): Crumb[] {
  const home: Crumb = { name: 'Home', path: '/' };
  return path === '/' ? [home] : [home, { name, path }];
}

export interface StructuredDataInput {
  readonly origin: string;
  readonly path: string;
  readonly meta: PageMeta;
  readonly datePublished?: string;
}

/** schema.org graph for a page: website, organization, web page and breadcrumb trail. */
export function buildStructuredData({ origin, path, meta, datePublished = DEFAULT_DATE_PUBLISHED }: StructuredDataInput) {
  const home = new URL('/', origin).href;
  const url = new URL(path, origin).href;
  const websiteId = `${home}#website`;
  const organizationId = `${home}#organization`;
  const breadcrumbId = `${url}#breadcrumb`;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'WebSite',
        '@id': websiteId,
        url: home,
        name: PRODUCT_NAME,
        description: DEFAULT_META.description,
        inLanguage: 'en',
        publisher: { '@id': organizationId },
      },
      {
        '@type': 'Organization',
        '@id': organizationId,
        name: PRODUCT_NAME,
        url: home,
        logo: new URL('/favicon.svg', origin).href,
        description: 'A community project; not affiliated with the XSD and BankX token project.',
      },
      {
        '@type': 'WebPage',
        '@id': `${url}#webpage`,
        url,
        name: meta.title,
        description: meta.description,
        inLanguage: 'en',
        isPartOf: { '@id': websiteId },
        about: { '@id': organizationId },
        datePublished,
        breadcrumb: { '@id': breadcrumbId },
      },
      {
        '@type': 'BreadcrumbList',
        '@id': breadcrumbId,
        itemListElement: breadcrumbTrail(path, meta.name).map((crumb, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          name: crumb.name,
          item: new URL(crumb.path, origin).href,
        })),
      },
    ],
  };
}
