import type { ChainName, TokenName } from '@xsd/contracts/chains/names';
import { DEFAULT_CHAIN_MAINTENANCE_MESSAGE, type LatestPrice } from '@xsd/contracts/api/prices';
import type { SiteSettings } from '@xsd/contracts/api/site';
import type { PriceStreamData, SilverStreamData } from '@xsd/contracts/api/stream';
import { type ChangeTone, changeTone, formatChangePercent, formatSilverPrice, formatUsd, NOT_AVAILABLE } from '@xsd/contracts/rules/format';
import { DEVIATION_TIER_LABELS, type DeviationTier, flaggedDeviationTier } from '@xsd/contracts/rules/peg-deviation';
import { priceStatusText } from '@xsd/contracts/rules/price-status';
import type { Tone } from '../theme.js';
import { deviationFromSilver, filterItems, type PriceFilter, type PricesSnapshot, type SilverReading, silverReading } from './prices-json.js';
import { siteMaintenanceBanner } from './site-view.js';
import type { ViewRow } from './view-types.js';

/** One row of the table, as text with the tone of each coloured cell. */
export interface PriceRowView {
  readonly key: string;
  readonly token: TokenName;
  readonly chain: ChainName;
  readonly price: string;
  readonly change: string;
  readonly changeTone: Tone;
  /** XSD: deviation from silver per gram and its tier label; BankX: '-'. */
  readonly deviation: string;
  readonly deviationTone: Tone;
  /** 'Current', '3 minutes ago', 'MAINTENANCE', 'no data'. */
  readonly status: string;
  readonly statusTone: Tone;
  /** The chain's maintenance message while it is in maintenance. */
  readonly maintenance: string | null;
}

export const PRICE_COLUMNS = ['TOKEN', 'CHAIN', 'PRICE', '24H', 'VS SILVER', 'UPDATED'] as const;

const CHANGE_TONE: Readonly<Record<ChangeTone, Tone>> = { positive: 'positive', negative: 'negative', neutral: 'neutral', none: 'muted' };

/** The tone of a change percent, by the contracts' rule (the web colours by it too). */
export function changeCellTone(percent: number | null): Tone {
  return CHANGE_TONE[changeTone(percent)];
}

export function deviationTone(tier: DeviationTier | null): Tone {
  switch (tier) {
    case 'good':
      return 'positive';
    case 'warning':
      return 'warning';
    case 'error':
      return 'negative';
    default:
      return 'muted';
  }
}

export function priceRow(item: LatestPrice, silver: SilverReading | null, now: Date): PriceRowView {
  const deviation = deviationFromSilver(item, silver);
  const tier = flaggedDeviationTier(deviation);
  const inMaintenance = item.status === 'maintenance';
  return {
    key: `${item.token_name}:${item.chain_name}`,
    token: item.token_name,
    chain: item.chain_name,
    price: formatUsd(item.price),
    change: formatChangePercent(item.change_24h),
    changeTone: changeCellTone(item.change_24h),
    deviation:
      item.token_name !== 'XSD'
        ? '-'
        : deviation === null
          ? NOT_AVAILABLE
          : `${formatChangePercent(deviation)}${tier ? ` ${DEVIATION_TIER_LABELS[tier]}` : ''}`,
    deviationTone: item.token_name === 'XSD' ? deviationTone(tier) : 'muted',
    status: inMaintenance ? 'MAINTENANCE' : item.timestamp === null ? 'no data' : priceStatusText(item.timestamp, now),
    statusTone: inMaintenance ? 'warning' : item.timestamp === null ? 'muted' : 'neutral',
    maintenance: inMaintenance ? (item.maintenance_message ?? DEFAULT_CHAIN_MAINTENANCE_MESSAGE) : null,
  };
}

export interface PricesView {
  /** Site-wide maintenance, when on. */
  readonly banner: string | null;
  readonly rows: readonly PriceRowView[];
  /** `Silver $1.0412 per gram` or the reason it is missing. */
  readonly silver: string;
  /** 'Ethereum: Network maintenance in progress...' per chain in maintenance. */
  readonly notes: readonly string[];
  /** When nothing matched the filter. */
  readonly empty: string | null;
}

export function pricesView(snapshot: PricesSnapshot, filter: PriceFilter, now: Date): PricesView {
  const rows = filterItems(snapshot.items, filter).map((item) => priceRow(item, snapshot.silver, now));
  const notes = [...new Map(rows.filter((r) => r.maintenance).map((r) => [r.chain, `${r.chain} is in maintenance: ${r.maintenance}`])).values()];
  const what = [filter.token, filter.chain ? `on ${filter.chain}` : null].filter(Boolean).join(' ');
  return {
    banner: siteMaintenanceBanner(snapshot.site, now),
    rows,
    silver: snapshot.silver ? `Silver ${formatSilverPrice(snapshot.silver.price_per_gram)} per gram` : 'Silver: no price yet',
    notes,
    empty: rows.length === 0 ? `No prices${what ? ` for ${what}` : ''}: the chain may not be active yet.` : null,
  };
}

/** The row cells in column order, for the plain table and the Ink one. */
export function priceRowCells(row: PriceRowView): readonly string[] {
  return [row.token, row.chain, row.price, row.change, row.deviation, row.status];
}

export function priceViewRow(row: PriceRowView): ViewRow {
  return {
    key: row.key,
    cells: [
      { text: row.token },
      { text: row.chain },
      { text: row.price, align: 'right' },
      { text: row.change, tone: row.changeTone, align: 'right' },
      { text: row.deviation, tone: row.deviationTone },
      { text: row.status, tone: row.statusTone },
    ],
  };
}

/**
 * A live `price` event applied to the snapshot: the server's row (24 h change and status included)
 * takes the place of the one shown, as it came; an older row, or one not shown, changes nothing.
 */
export function applyPriceRow(snapshot: PricesSnapshot, row: PriceStreamData): PricesSnapshot {
  let changed = false;
  const items = snapshot.items.map((item) => {
    if (item.token_name !== row.token_name || item.chain_name !== row.chain_name) return item;
    if (item.timestamp !== null && Date.parse(item.timestamp) > Date.parse(row.timestamp)) return item;
    changed = true;
    return row;
  });
  return changed ? { ...snapshot, items } : snapshot;
}

/** A live `silver` event: the server's newest reading, per gram. */
export function applySilver(snapshot: PricesSnapshot, latest: SilverStreamData): PricesSnapshot {
  return { ...snapshot, silver: silverReading(latest) };
}

export function applySite(snapshot: PricesSnapshot, site: SiteSettings): PricesSnapshot {
  return { ...snapshot, site };
}
export type { PriceFilter, PricesSnapshot } from './prices-json.js';
