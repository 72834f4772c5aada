/** The long guide of /about-site: its collapsible sections, FAQ and page links. */

export interface GuideSection {
  readonly id: 'dashboard' | 'portfolio' | 'arbitrage' | 'gas' | 'alerts' | 'calendar';
  readonly title: string;
  readonly path: string;
  readonly linkLabel: string;
  readonly points: readonly string[];
}

export const GUIDE_SECTIONS: readonly GuideSection[] = [
  {
    id: 'dashboard',
    title: 'Price dashboard',
    path: '/',
    linkLabel: 'Open the dashboard',
    points: [
      'XSD and BankX prices on Ethereum, BSC, Arbitrum, Polygon, Optimism, Base and Avalanche, read from each network’s price controller.',
      'The silver metrics row shows the price per gram that XSD is pegged to, its 24h change and the progress toward the 1.50 USD milestone.',
      'Expand a token panel for a card per network with a 24h, 7d or 30d chart, high and low, supply and market value.',
      'Customize hides or reorders the widgets; signed-out visitors keep that choice in this browser.',
    ],
  },
  {
    id: 'portfolio',
    title: 'Portfolio scanner',
    path: '/wallet-checker',
    linkLabel: 'Scan a wallet',
    points: [
      'Paste a wallet address to see its XSD and BankX balances on every active network, with their value.',
      'Save addresses you check often; favourites appear under Quick Access.',
      'Tabs show the token allocation, the networks the holdings sit on and a risk analysis; results can be exported or shared as a link without the address.',
      'A scan can be repeated every 5 minutes.',
    ],
  },
  {
    id: 'arbitrage',
    title: 'Arbitrage hunter',
    path: '/arbitrage-hunter',
    linkLabel: 'Find arbitrage',
    points: [
      'Compares the XSD price between every pair of networks and lists the routes whose profit meets your thresholds.',
      'Settings set the trade amount, the minimum profit in percent and dollars, and networks to leave out.',
      'Gas fees, slippage and bridge fees are not counted: check them before you trade.',
    ],
  },
  {
    id: 'gas',
    title: 'Gas and network fees',
    path: '/gas-tracker',
    linkLabel: 'Gas tracker',
    points: [
      'Every transaction pays the network’s fee in its native coin: keep some ETH, BNB, POL or AVAX next to your tokens.',
      'Fees on Ethereum are usually far higher than on the other networks; small trades are cheaper elsewhere.',
      'Run the System Check before trading to see that your wallet and the networks’ RPC endpoints answer.',
    ],
  },
  {
    id: 'alerts',
    title: 'Alerts and notifications',
    path: '/price-alerts',
    linkLabel: 'Set up alerts',
    points: [
      'Token alerts fire when a price on a network goes above or below your price; silver alerts do the same for the price per gram.',
      'Calendar alerts remind you of an event 5 minutes to a day before it starts.',
      'Allow notifications in your browser to receive them; an alert fires again at most every 15 minutes.',
    ],
  },
  {
    id: 'calendar',
    title: 'Calendar',
    path: '/calendar',
    linkLabel: 'Open the calendar',
    points: [
      'Announcements, updates, maintenance windows, events and deadlines of the community, in a month view.',
      'Search and filter by type; open an event for its time, place and link.',
      'The header counts the events of the next 7 days.',
    ],
  },
];

export interface FaqEntry {
  readonly question: string;
  readonly answer: string;
}

export const GUIDE_FAQ: readonly FaqEntry[] = [
  {
    question: 'Is this an official dashboard of the token project?',
    answer: 'No. It is a community project, not affiliated with the token project. Check anything important against the project’s own sources.',
  },
  {
    question: 'Where do the prices come from?',
    answer:
      'From the blockchains themselves: each network’s price controller contract is read, and the silver price comes from the Chainlink XAG/USD feed on Ethereum, converted from troy ounces to grams.',
  },
  {
    question: 'How often are prices updated?',
    answer: 'Prices are read continuously and pushed to open pages as they change; pages also refresh their data every few minutes.',
  },
  {
    question: 'Does the dashboard hold my funds or keys?',
    answer: 'No. The portfolio scanner only reads public balances, and adding a network or token asks your own wallet to do it.',
  },
  {
    question: 'Can I use the prices in my own app?',
    answer: 'Yes: the public price API is described on the API Access page (/api-access).',
  },
  {
    question: 'How can I report a problem or suggest a feature?',
    answer: 'Use the Contact page, or ask in the community chat listed on the Socials page.',
  },
];

/** The pages the guide links to, as the spec lists them. */
export const GUIDE_LINKS: readonly { readonly path: string; readonly label: string }[] = [
  { path: '/', label: 'Dashboard' },
  { path: '/wallet-checker', label: 'Portfolio Scanner' },
  { path: '/arbitrage-hunter', label: 'Arbitrage Hunter' },
  { path: '/gas-tracker', label: 'Gas Tracker' },
  { path: '/price-alerts', label: 'Price Alerts' },
  { path: '/calendar', label: 'Calendar' },
  { path: '/add-to-wallet', label: 'Add to Wallet' },
  { path: '/system-compatibility', label: 'System Check' },
  { path: '/silver-price', label: 'Silver Price 24H' },
  { path: '/contact', label: 'Contact Us' },
  { path: '/socials', label: 'Socials' },
];

/** The build date as a calendar day (2026-11-22), or the fallback when it is missing or unreadable. */
export function formatBuildDate(buildDate: string | undefined, fallback: string): string {
  if (!buildDate) return fallback;
  const date = new Date(buildDate);
  return Number.isNaN(date.getTime()) ? fallback : date.toISOString().slice(0, 10);
}
