import type { ChainName, NetworkConfig, TokenName } from '@xsd/contracts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@xsd/contracts/rules/time';
import type { CandleInterval, PublicCandlesResponse, PublicPricesResponse } from '@xsd/contracts/api/prices';
import { JsonText } from '../read-cache/cached-json.js';
import { CANDLE_BUCKETS } from '../read-models/price-candles/candle-buckets.js';
import type { CandleReading } from '../read-models/price-candles/price-candles.repository.js';
import type { PriceReading } from '../read-models/price-history/price-history.repository.js';
import { priceProvenance } from './price-provenance.js';

/** What a page says besides its items, in the order the response types give. */
export interface PageShell<F extends object> {
  readonly limit: number;
  readonly as_of_ms: number;
  readonly filters: F;
}

/**
 * The public API's pages written as JSON text straight from their rows. A page is up to 1,000
 * readings, each with its provenance; building each row's objects, two toISOString a row and
 * then JSON.stringify cost 4-5 ms a page, which held the routes to a few hundred new pages a
 * second. The text is byte for byte JSON.stringify's of the page the contract types describe
 * (public-api-json.unit.spec compares them): each field in the types' order, every string that is
 * not an instant written by JSON.stringify, once a page.
 */
export class PublicApiJson {
  /** Per token and chain: the start of a row up to its price, and of its provenance up to its block. */
  private readonly readingParts = new Map<string, { readonly head: string; readonly provenance: string }>();

  constructor(private readonly networks: ReadonlyMap<ChainName, NetworkConfig>) {}

  /** A page of /api/v1/prices: `readings` newest first. */
  prices(readings: readonly PriceReading[], shell: PageShell<PublicPricesResponse['filters']>): JsonText<PublicPricesResponse> {
    const iso = new IsoInstants();
    const parts: string[] = [];
    for (const reading of readings) {
      const { head, provenance } = this.readingPartsOf(reading.token_name as TokenName, reading.chain_name as ChainName);
      const readAt = iso.of(reading.at_ms);
      parts.push(
        `${head}${number(reading.price)},"timestamp":"${readAt}"${provenance}${nullableNumber(reading.block_number)},"read_at":"${readAt}","age_seconds":${ageSeconds(reading.at_ms, shell.as_of_ms)}}}`,
      );
    }
    return page(parts, shell);
  }

  /** A page of /api/v1/candles: `candles` of one token, chain and interval, oldest first. */
  candles(
    candles: readonly CandleReading[],
    { token, chain, interval }: { readonly token: TokenName; readonly chain: ChainName; readonly interval: CandleInterval },
    shell: PageShell<PublicCandlesResponse['filters']>,
  ): JsonText<PublicCandlesResponse> {
    const iso = new IsoInstants();
    const width = CANDLE_BUCKETS[interval];
    const head = `{"token_name":${JSON.stringify(token)},"chain_name":${JSON.stringify(chain)},"interval":${JSON.stringify(interval)},"open_time":"`;
    const { provenance } = this.readingPartsOf(token, chain);
    const parts: string[] = [];
    for (const candle of candles) {
      const closeMs = candle.start_ms + width;
      // Candles projected before closes kept their provenance, whose readings are pruned: the candle's end is the latest the close can be.
      const readAtMs = candle.close_read_at_ms ?? closeMs;
      parts.push(
        `${head}${iso.of(candle.start_ms)}","close_time":"${iso.of(closeMs)}","open":${number(candle.open)},"high":${number(candle.high)},"low":${number(candle.low)},"close":${number(candle.close)},"samples":${number(candle.samples)}` +
          `${provenance}${nullableNumber(candle.close_block_number)},"read_at":"${iso.of(readAtMs)}","age_seconds":${ageSeconds(readAtMs, shell.as_of_ms)}}}`,
      );
    }
    return page(parts, shell);
  }

  private readingPartsOf(token: TokenName, chain: ChainName) {
    const key = `${token}|${chain}`;
    let parts = this.readingParts.get(key);
    if (parts === undefined) {
      // The provenance's fixed fields as priceProvenance gives them: one place says what they are.
      const { chain_id, chain_name, contract, method } = priceProvenance(this.networks, { token, chain, readAt: new Date(0), blockNumber: null }, new Date(0));
      parts = {
        head: `{"token_name":${JSON.stringify(token)},"chain_name":${JSON.stringify(chain)},"price":`,
        provenance: `,"provenance":{"chain_id":${number(chain_id)},"chain_name":${JSON.stringify(chain_name)},"contract":${JSON.stringify(contract)},"method":${JSON.stringify(method)},"block_number":`,
      };
      this.readingParts.set(key, parts);
    }
    return parts;
  }
}

function page<T>(items: readonly string[], { limit, as_of_ms, filters }: PageShell<object>): JsonText<T> {
  const rest = JSON.stringify({ count: items.length, limit, as_of: new Date(as_of_ms).toISOString(), filters });
  return new JsonText<T>(`{"items":[${items.join(',')}],${rest.slice(1)}`);
}

/** As JSON.stringify writes a number (a number that is not finite is null). */
function number(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}

function nullableNumber(value: number | null): string {
  return value === null ? 'null' : number(value);
}

function ageSeconds(readAtMs: number, asOfMs: number): number {
  return Math.max(0, Math.floor((asOfMs - readAtMs) / 1000));
}

const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));

/**
 * Date#toISOString of instants that mostly share a day (a page's rows), the day's part worked out
 * once: toISOString was the most costly step of a row.
 */
class IsoInstants {
  private day = Number.NaN;
  private prefix = '';

  of(ms: number): string {
    const day = Math.floor(ms / DAY_MS);
    // Years before 1970 or past 9999 (toISOString's six-digit form) are not a reading's: left to toISOString.
    if (day < 0 || day > 2_932_896) return new Date(ms).toISOString();
    if (day !== this.day) {
      this.day = day;
      this.prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    }
    let rest = ms - day * DAY_MS;
    const hours = Math.floor(rest / HOUR_MS);
    rest -= hours * HOUR_MS;
    const minutes = Math.floor(rest / MINUTE_MS);
    rest -= minutes * MINUTE_MS;
    const seconds = Math.floor(rest / 1000);
    return `${this.prefix}${TWO_DIGITS[hours]}:${TWO_DIGITS[minutes]}:${TWO_DIGITS[seconds]}.${THREE_DIGITS[Math.floor(rest - seconds * 1000)]}Z`;
  }
}
