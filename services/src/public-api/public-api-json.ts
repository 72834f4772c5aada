import type { ChainName, NetworkConfig, TokenName } from '@xsd/contracts';
import type { CandleInterval, PublicCandlesResponse, PublicPricesResponse } from '@xsd/contracts/api/prices';
import type { CandleRun } from '../prices/price-candle-series.js';
import type { ReadingPage } from '../prices/price-reading-series.js';
import { JsonBytes } from '../read-cache/cached-json.js';
import { CANDLE_BUCKETS } from '../read-models/price-candles/candle-buckets.js';
import { JsonWriter } from './json-writer.js';
import { priceProvenance } from './price-provenance.js';

/** What a page says besides its items, in the order the response types give. */
export interface PageShell<F extends object> {
  readonly limit: number;
  readonly as_of_ms: number;
  readonly filters: F;
}

/** A row's fixed text for one token and chain, encoded once. */
interface PairParts {
  /** The start of a reading up to its price. */
  readonly readingHead: Buffer;
  /** The start of a candle up to its open time (but for the interval, written between). */
  readonly candleHead: Buffer;
  /** The provenance's fixed fields, up to its block. */
  readonly provenance: Buffer;
}

const ascii = (text: string) => Buffer.from(text, 'latin1');
const ITEMS_START = ascii('{"items":[');
const COMMA = ascii(',');
const QUOTE = ascii('"');
const TIMESTAMP = ascii(',"timestamp":"');
const READ_AT = ascii(',"read_at":"');
const AGE = ascii('","age_seconds":');
const ROW_END = ascii('}}');
const OPEN_TIME = ascii(',"open_time":"');
const CLOSE_TIME = ascii('","close_time":"');
const OPEN = ascii('","open":');
const HIGH = ascii(',"high":');
const LOW = ascii(',"low":');
const CLOSE = ascii(',"close":');
const SAMPLES = ascii(',"samples":');

/**
 * The public API's pages written as JSON bytes straight from the typed columns their readings and
 * candles are held in (PriceReadingSeries, PriceCandleSeries). A page is up to 1,000 rows, each
 * with its provenance: building each row's objects, two toISOString a row and then JSON.stringify
 * held the routes to a few hundred new pages a second. The bytes are JSON.stringify's of the page
 * the contract types describe (public-api-json.unit.spec compares them): each field in the types'
 * order, every string that is not an instant or a number written by JSON.stringify, once a page.
 */
export class PublicApiJson {
  private readonly parts = new Map<string, PairParts>();
  private readonly writer = new JsonWriter();

  constructor(private readonly networks: ReadonlyMap<ChainName, NetworkConfig>) {}

  /** A page of /api/v1/prices: `page` newest first. */
  prices(page: ReadingPage, shell: PageShell<PublicPricesResponse['filters']>): JsonBytes<PublicPricesResponse> {
    const w = this.writer.start().bytes(ITEMS_START);
    const parts = page.pairs.map(({ token, chain }) => this.partsOf(token, chain));
    for (let i = 0; i < page.atMs.length; i++) {
      const { readingHead, provenance } = parts[page.pair[i]];
      const readAt = page.atMs[i];
      if (i > 0) w.bytes(COMMA);
      w.bytes(readingHead).number(page.prices[i]).bytes(TIMESTAMP).instant(readAt).bytes(QUOTE);
      w.bytes(provenance).nullableNumber(page.blocks[i]).bytes(READ_AT).instant(readAt).bytes(AGE).number(ageSeconds(readAt, shell.as_of_ms)).bytes(ROW_END);
    }
    return this.end(page.atMs.length, shell);
  }

  /** A page of /api/v1/candles: the run's candles of one token, chain and interval, oldest first. */
  candles(
    { columns, begin, end }: CandleRun,
    { token, chain, interval }: { readonly token: TokenName; readonly chain: ChainName; readonly interval: CandleInterval },
    shell: PageShell<PublicCandlesResponse['filters']>,
  ): JsonBytes<PublicCandlesResponse> {
    const w = this.writer.start().bytes(ITEMS_START);
    const width = CANDLE_BUCKETS[interval];
    const { candleHead, provenance } = this.partsOf(token, chain);
    const intervalText = JSON.stringify(interval);
    for (let i = begin; i < end; i++) {
      const start = columns.starts[i];
      const closeMs = start + width;
      // Candles projected before closes kept their provenance, whose readings are pruned: the candle's end is the latest the close can be.
      const readAtMs = Number.isNaN(columns.closeReadAtMs[i]) ? closeMs : columns.closeReadAtMs[i];
      if (i > begin) w.bytes(COMMA);
      w.bytes(candleHead).text(intervalText).bytes(OPEN_TIME).instant(start).bytes(CLOSE_TIME).instant(closeMs);
      w.bytes(OPEN).number(columns.opens[i]).bytes(HIGH).number(columns.highs[i]).bytes(LOW).number(columns.lows[i]);
      w.bytes(CLOSE).number(columns.closes[i]).bytes(SAMPLES).number(columns.samples[i]);
      w.bytes(provenance).nullableNumber(columns.closeBlockNumbers[i]).bytes(READ_AT).instant(readAtMs).bytes(AGE).number(ageSeconds(readAtMs, shell.as_of_ms)).bytes(ROW_END);
    }
    return this.end(Math.max(0, end - begin), shell);
  }

  private end<T>(count: number, { limit, as_of_ms, filters }: PageShell<object>): JsonBytes<T> {
    const rest = JSON.stringify({ count, limit, as_of: new Date(as_of_ms).toISOString(), filters });
    return new JsonBytes<T>(this.writer.text(`],${rest.slice(1)}`).take());
  }

  private partsOf(token: TokenName, chain: ChainName): PairParts {
    const key = `${token}|${chain}`;
    let parts = this.parts.get(key);
    if (parts === undefined) {
      // The provenance's fixed fields as priceProvenance gives them: one place says what they are.
      const { chain_id, chain_name, contract, method } = priceProvenance(this.networks, { token, chain, readAt: new Date(0), blockNumber: null }, new Date(0));
      const names = `{"token_name":${JSON.stringify(token)},"chain_name":${JSON.stringify(chain)}`;
      parts = {
        readingHead: Buffer.from(`${names},"price":`),
        candleHead: Buffer.from(`${names},"interval":`),
        provenance: Buffer.from(
          `,"provenance":{"chain_id":${JSON.stringify(chain_id)},"chain_name":${JSON.stringify(chain_name)},"contract":${JSON.stringify(contract)},"method":${JSON.stringify(method)},"block_number":`,
        ),
      };
      this.parts.set(key, parts);
    }
    return parts;
  }
}

function ageSeconds(readAtMs: number, asOfMs: number): number {
  return Math.max(0, Math.floor((asOfMs - readAtMs) / 1000));
}
