/**
 * Each page's code, a chunk of its own: the router loads it when it renders the page, and the page
 * loader (loader.ts) alongside the app when a visit starts there, so the two arrive together.
 */
export const PAGE_MODULES = {
  '/': () => import('./routes/dashboard'),
  '/silver-price': () => import('./routes/silver-price'),
  '/add-to-wallet': () => import('./routes/add-to-wallet'),
  '/wallet-checker': () => import('./routes/wallet-checker'),
  '/system-compatibility': () => import('./routes/system-compatibility'),
  '/calendar': () => import('./routes/calendar'),
  '/arbitrage-hunter': () => import('./routes/arbitrage-hunter'),
  '/api-access': () => import('./routes/api-access'),
  '/shop': () => import('./routes/shop'),
  '/socials': () => import('./routes/socials'),
  '/about': () => import('./routes/about'),
  '/about-site': () => import('./routes/about-site'),
  '/contact': () => import('./routes/contact'),
  '/price-alerts': () => import('./routes/price-alerts'),
  '/admin': () => import('./routes/admin'),
  '*': () => import('./routes/not-found'),
} as const;

/**
 * The code of the page at `pathname`, as the router picks it: whatever the case, with or without
 * trailing slashes. Imports nothing, so the page loader stays apart from the app's code.
 */
export function pageModule(pathname: string): (typeof PAGE_MODULES)[keyof typeof PAGE_MODULES] {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  if (path.startsWith('/admin/')) return PAGE_MODULES['/admin'];
  return Object.hasOwn(PAGE_MODULES, path) ? PAGE_MODULES[path as keyof typeof PAGE_MODULES] : PAGE_MODULES['*'];
}
