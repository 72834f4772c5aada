/**
 * Every public screen, as the accessibility test and bench/web/screenshots.ts visit them: the
 * routed pages of web/src/config/routes.ts (that test checks the list against it; the benchmark
 * runs outside Vite and cannot import it) and an unknown path for the 404 page.
 */
export const PUBLIC_PATHS = [
  '/',
  '/wallet-checker',
  '/add-to-wallet',
  '/silver-price',
  '/arbitrage-hunter',
  '/price-alerts',
  '/calendar',
  '/system-compatibility',
  '/shop',
  '/socials',
  '/about',
  '/about-site',
  '/api-access',
  '/contact',
  '/gas-tracker',
] as const;
