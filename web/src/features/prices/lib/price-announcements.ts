import type { PriceStreamData } from '@xsd/contracts/api/stream';
import { formatUsd } from '@xsd/contracts/rules/format';

/** Screen readers hear live price changes at most this often (a reading arrives every few seconds). */
export const PRICE_ANNOUNCE_INTERVAL_MS = 60_000;

/**
 * One polite sentence for the readings since the last announcement, each token once: its price
 * on the one network that moved, or the range over the networks that did.
 * `Prices updated: XSD $1.00 on Ethereum; BankX $0.4163 to $0.4218 on 3 networks.`
 */
export function priceSummary(rows: readonly PriceStreamData[]): string {
  const latest = new Map<string, PriceStreamData>();
  for (const row of rows) latest.set(`${row.token_name}|${row.chain_name}`, row);
  const byToken = new Map<string, PriceStreamData[]>();
  for (const row of latest.values()) byToken.set(row.token_name, [...(byToken.get(row.token_name) ?? []), row]);
  const parts = [...byToken].map(([token, moved]) => {
    if (moved.length === 1) return `${token} ${formatUsd(moved[0]!.price)} on ${moved[0]!.chain_name}`;
    const prices = moved.map((row) => row.price);
    const [low, high] = [formatUsd(Math.min(...prices)), formatUsd(Math.max(...prices))];
    return `${token} ${low === high ? low : `${low} to ${high}`} on ${moved.length} networks`;
  });
  return `Prices updated: ${parts.join('; ')}.`;
}

export interface PriceAnnouncer {
  add(row: PriceStreamData): void;
  stop(): void;
}

/**
 * Gathers live readings and hands `announce` their summary: at once when the last announcement is
 * a minute old or more, else when that minute is up; nothing while no reading came.
 */
export function createPriceAnnouncer(announce: (text: string) => void, intervalMs = PRICE_ANNOUNCE_INTERVAL_MS): PriceAnnouncer {
  let pending: PriceStreamData[] = [];
  let lastAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    lastAt = Date.now();
    announce(priceSummary(pending));
    pending = [];
  };
  return {
    add(row) {
      pending.push(row);
      if (timer === undefined) timer = setTimeout(flush, Math.max(0, lastAt + intervalMs - Date.now()));
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
