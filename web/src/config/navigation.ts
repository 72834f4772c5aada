/** The sidebar menu exactly as the spec lists it: five groups and a separate Contact Us link. */

export interface NavLinkItem {
  readonly kind: 'link';
  readonly path: string;
  readonly label: string;
  readonly hint?: string;
  readonly badge?: 'New';
  /** Shows a dot while any alert is enabled. */
  readonly alertDot?: boolean;
}

export interface NavDisabledItem {
  readonly kind: 'disabled';
  readonly path: string;
  readonly label: string;
  readonly hint?: string;
  readonly badge: 'Soon';
}

export type NavItem = NavLinkItem | NavDisabledItem;

export interface NavGroup {
  readonly id: string;
  readonly title: string;
  readonly defaultOpen: boolean;
  readonly items: readonly NavItem[];
}

export const NAV_GROUPS: readonly NavGroup[] = [
  {
    id: 'main',
    title: 'Main',
    defaultOpen: true,
    items: [{ kind: 'link', path: '/', label: 'Dashboard', hint: 'live prices' }],
  },
  {
    id: 'trading',
    title: 'Trading & Wallet',
    defaultOpen: true,
    items: [
      { kind: 'link', path: '/wallet-checker', label: 'Portfolio Scanner', hint: 'scan a wallet' },
      { kind: 'link', path: '/add-to-wallet', label: 'Add to Wallet', hint: 'add tokens and networks' },
      { kind: 'link', path: '/silver-price', label: 'Silver Price 24H', hint: 'peg reference' },
      { kind: 'link', path: '/arbitrage-hunter', label: 'Arbitrage Hunter', hint: 'cross-chain spreads' },
    ],
  },
  {
    id: 'alerts',
    title: 'Alerts & Events',
    defaultOpen: false,
    items: [
      { kind: 'link', path: '/price-alerts', label: 'Price Alerts', hint: 'price, silver, events', alertDot: true },
      { kind: 'link', path: '/calendar', label: 'Calendar', hint: 'community events' },
    ],
  },
  {
    id: 'community',
    title: 'Community & Shop',
    defaultOpen: false,
    items: [
      { kind: 'link', path: '/system-compatibility', label: 'System Check', hint: 'browser and wallet' },
      { kind: 'link', path: '/shop', label: 'Shop', hint: 'official merchandise' },
      { kind: 'link', path: '/socials', label: 'Socials', hint: 'chats and channels' },
      { kind: 'link', path: '/about', label: 'About', hint: 'the community project' },
      { kind: 'link', path: '/about-site', label: 'Dashboard Guide', hint: 'how it all works', badge: 'New' },
      { kind: 'disabled', path: '/ambassador-portal', label: 'Ambassador Portal', badge: 'Soon' },
    ],
  },
  {
    id: 'developer',
    title: 'Developer',
    defaultOpen: false,
    items: [{ kind: 'disabled', path: '/api-access', label: 'API Access', hint: 'public price API', badge: 'Soon' }],
  },
];

export const CONTACT_LINK: NavLinkItem = { kind: 'link', path: '/contact', label: 'Contact Us' };

/** Local storage key of the menu's open/closed groups. */
export const MENU_STATE_KEY = 'menu-open-state';

export type MenuOpenState = Readonly<Record<string, boolean>>;

export function enabledLinkCount(group: NavGroup): number {
  return group.items.filter((item) => item.kind === 'link').length;
}

/** Stored choices win; groups never toggled use their default. Garbage in storage is ignored. */
export function resolveMenuOpenState(stored: unknown, groups: readonly NavGroup[] = NAV_GROUPS): MenuOpenState {
  const saved = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  return Object.fromEntries(
    groups.map((group) => {
      const value = saved[group.id];
      return [group.id, typeof value === 'boolean' ? value : group.defaultOpen];
    }),
  );
}
