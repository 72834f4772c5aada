/**
 * Every route of the spec's route table with its page metadata (title, description, breadcrumb).
 * `/gas-tracker` has metadata but no route: it renders the 404 page like any unknown path.
 */
import { PRODUCT_NAME, PRODUCT_TAGLINE } from './site';

export interface PageMeta {
  /** Short name used in the menu, breadcrumbs and command palette. */
  readonly name: string;
  /** Full document title. */
  readonly title: string;
  readonly description: string;
  /** Keep search engines away (admin, 404, maintenance). */
  readonly noIndex?: boolean;
}

export interface RouteEntry extends PageMeta {
  readonly path: string;
  /** False for metadata-only entries that the router does not serve. */
  readonly routed: boolean;
}

const title = (page: string): string => `${page} | ${PRODUCT_NAME}`;

export const DEFAULT_META: PageMeta = {
  name: PRODUCT_NAME,
  title: `${PRODUCT_NAME} – ${PRODUCT_TAGLINE}`,
  description:
    'Community dashboard for XSD, the silver-pegged stablecoin, and BankX: live prices on seven networks, the silver reference price, alerts and tools.',
};

export const NOT_FOUND_META: PageMeta = {
  name: 'Page not found',
  title: title('404 Page not found'),
  description: "The page you're looking for doesn't exist or has been moved.",
  noIndex: true,
};

export const ROUTES: readonly RouteEntry[] = [
  {
    path: '/',
    routed: true,
    name: 'Dashboard',
    title: title('XSD & BankX Live Prices'),
    description: 'Real-time XSD and BankX prices on Ethereum, BSC, Arbitrum, Polygon, Optimism, Base and Avalanche, with silver peg metrics.',
  },
  {
    path: '/wallet-checker',
    routed: true,
    name: 'Portfolio Scanner',
    title: title('Portfolio Scanner'),
    description: 'Scan a wallet address for XSD and BankX holdings across every supported network.',
  },
  {
    path: '/add-to-wallet',
    routed: true,
    name: 'Add to Wallet',
    title: title('Add XSD & BankX to Your Wallet'),
    description: 'Add the supported networks and the XSD and BankX tokens to your browser wallet in one click.',
  },
  {
    path: '/silver-price',
    routed: true,
    name: 'Silver Price 24H',
    title: title('Silver Price per Gram'),
    description: 'The silver reference price per gram behind the XSD peg: 1D, 7D, 30D and 90D charts, trend and volatility.',
  },
  {
    path: '/arbitrage-hunter',
    routed: true,
    name: 'Arbitrage Hunter',
    title: title('XSD Arbitrage Hunter'),
    description: 'Find XSD price differences between networks, with profit estimates before gas, slippage and bridge fees.',
  },
  {
    path: '/price-alerts',
    routed: true,
    name: 'Price Alerts',
    title: title('Alerts & Notifications'),
    description: 'Set token price, silver price and calendar alerts with browser notifications.',
  },
  {
    path: '/calendar',
    routed: true,
    name: 'Calendar',
    title: title('Community Calendar'),
    description: 'Announcements, updates, maintenance windows, events and deadlines of the XSD and BankX community.',
  },
  {
    path: '/system-compatibility',
    routed: true,
    name: 'System Check',
    title: title('System Compatibility Check'),
    description: 'Check your browser, wallet, network and RPC access before trading XSD and BankX.',
  },
  {
    path: '/shop',
    routed: true,
    name: 'Shop',
    title: title('Official Merchandise'),
    description: 'Official merchandise store and community chat.',
  },
  {
    path: '/socials',
    routed: true,
    name: 'Socials',
    title: title('Social Links'),
    description: 'Community and support chats, video channels and social accounts.',
  },
  {
    path: '/about',
    routed: true,
    name: 'About',
    title: title('About the Community Project'),
    description: 'Who runs this community dashboard. Not affiliated with the token project.',
  },
  {
    path: '/about-site',
    routed: true,
    name: 'Dashboard Guide',
    title: title('Dashboard Guide'),
    description: 'A guide to every page of the dashboard: prices, portfolio, arbitrage, gas, alerts and calendar, with an FAQ.',
  },
  {
    path: '/api-access',
    routed: true,
    name: 'API Access',
    title: title('Developer Tools – Price API'),
    description: 'Public price API for XSD and BankX: base URL, query parameters and example requests.',
  },
  {
    path: '/contact',
    routed: true,
    name: 'Contact Us',
    title: title('Contact Us'),
    description: 'Send a question, a bug report or a feature request to the community team.',
  },
  {
    path: '/gas-tracker',
    routed: false,
    name: 'Gas Tracker',
    title: title('Gas Tracker'),
    description: 'Network fees on the networks where XSD and BankX trade.',
  },
  {
    path: '/admin',
    routed: true,
    name: 'Admin',
    title: title('Admin'),
    description: 'Staff panel for news, calendar events, chain settings, maintenance and contact messages.',
    noIndex: true,
  },
];

/** `/calendar/` and `/calendar` are the same page. */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function findRoute(pathname: string): RouteEntry | undefined {
  const path = normalizePath(pathname);
  return ROUTES.find((route) => route.path === path);
}

/** The metadata a path renders with: its own when routed, the 404 page's otherwise. */
export function resolvePageMeta(pathname: string): PageMeta {
  const route = findRoute(pathname);
  if (route?.routed) return route;
  if (normalizePath(pathname).startsWith('/admin/')) return findRoute('/admin') ?? DEFAULT_META;
  return NOT_FOUND_META;
}
