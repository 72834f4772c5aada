import { createHash, type Hash } from 'node:crypto';
import type { ChainName, NetworkConfig, TokenName } from '@xsd/contracts';
import type { CandleInterval, PublicCandlesResponse, PublicPricesResponse } from '@xsd/contracts/api/prices';
import type { CandleRun } from '../prices/price-candle-series.js';
import type { ReadingPage } from '../prices/price-reading-series.js';
import { JsonBytes, strongEtag } from '../read-cache/cached-json.js';
import { ascii, JsonWriter } from '../read-cache/json-writer.js';
import { CANDLE_BUCKETS } from '../read-models/price-candles/candle-buckets.js';
import { priceProvenance } from './price-provenance.js';

/** What a page says besides its items, in the order the response types give. */
export interface PageShell<F extends object> {
  readonly limit: number;
  readonly as_of_ms: number;
  readonly filters: F;
}

/** A row's fixed text for one token and chain, encoded once. */
interface PairParts {
  /** The start of a reading up to its price; the same after the comma that ends the row before. */
  readonly readingHead: Buffer;
  readonly nextReadingHead: Buffer;
  /** The start of a candle up to its open time (but for the interval, written between); the same after a comma. */
  readonly candleHead: Buffer;
  readonly nextCandleHead: Buffer;
  /** The provenance's fixed fields, up to its block; the same after the quote that ends a reading's time. */
  readonly provenance: Buffer;
  readonly quotedProvenance: Buffer;
}

const ITEMS_START = ascii('{"items":[');
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
/** An instant's text of a four-digit year (all but those JsonWriter.instant leaves to toISOString). */
const INSTANT_BYTES = 24;
/** What a row's values take at most beside its fixed parts: five numbers or instants of at most 27 characters. */
const ROW_VALUES_ROOM = 200;

/**
 * The public API's pages written as JSON bytes straight from the typed columns their readings and
 * candles are held in (PriceReadingSeries, PriceCandleSeries). A page is up to 1,000 rows, each
 * with its provenance: building each row's objects, two toISOString a row and then JSON.stringify
 * held the routes to a few hundred new pages a second. The bytes are JSON.stringify's of the page
 * the contract types describe (public-api-json.unit.spec compares them): each field in the types'
 * order, every string that is not an instant or a number written by JSON.stringify, once a page.
 *
 * A page's ETag is a digest of what its bytes are written from (the rows' columns, each pair's
 * fixed text and the page's shell), a tenth of the bytes: the same inputs give the same bytes.
 */
export class PublicApiJson {
  private readonly parts = new Map<string, PairParts>();
  private readonly writer = new JsonWriter();

  constructor(private readonly networks: ReadonlyMap<ChainName, NetworkConfig>) {}

  /** A page of /api/v1/prices: `page` newest first. */
  prices(page: ReadingPage, shell: PageShell<PublicPricesResponse['filters']>): JsonBytes<PublicPricesResponse> {
    const w = this.writer;
    const parts = page.pairs.map(({ token, chain }) => this.partsOf(token, chain));
    const digest = createHash('sha256').update('prices');
    for (const pair of parts) digest.update(pair.readingHead).update(pair.provenance);
    for (const column of [page.pair, page.atMs, page.prices, page.blocks]) digest.update(column);
    const asOf = shell.as_of_ms;
    w.room(0, ITEMS_START.length);
    let at = w.bytes(0, ITEMS_START);
    for (let i = 0; i < page.atMs.length; i++) {
      const pair = parts[page.pair[i]];
      const readAt = page.atMs[i];
      w.room(at, pair.nextReadingHead.length + pair.quotedProvenance.length + ROW_VALUES_ROOM);
      at = w.bytes(at, i === 0 ? pair.readingHead : pair.nextReadingHead);
      at = w.number(at, page.prices[i]);
      at = w.bytes(at, TIMESTAMP);
      // The read time twice (timestamp and provenance.read_at): written once, then copied.
      const time = at;
      at = w.instant(at, readAt);
      const timeEnd = at;
      at = w.bytes(at, pair.quotedProvenance);
      at = w.nullableNumber(at, page.blocks[i]);
      at = w.bytes(at, READ_AT);
      at = w.again(at, time, timeEnd);
      at = w.bytes(at, AGE);
      at = w.number(at, ageSeconds(readAt, asOf));
      at = w.bytes(at, ROW_END);
    }
    return this.end(at, page.atMs.length, shell, digest);
  }

  /** A page of /api/v1/candles: the run's candles of one token, chain and interval, oldest first. */
  candles(
    { columns, begin, end }: CandleRun,
    { token, chain, interval }: { readonly token: TokenName; readonly chain: ChainName; readonly interval: CandleInterval },
    shell: PageShell<PublicCandlesResponse['filters']>,
  ): JsonBytes<PublicCandlesResponse> {
    const w = this.writer;
    const width = CANDLE_BUCKETS[interval];
    const pair = this.partsOf(token, chain);
    const intervalText = Buffer.from(JSON.stringify(interval));
    const digest = createHash('sha256').update('candles').update(intervalText).update(pair.candleHead).update(pair.provenance);
    for (const column of Object.values(columns)) digest.update(column.subarray(begin, end));
    const asOf = shell.as_of_ms;
    w.room(0, ITEMS_START.length);
    let at = w.bytes(0, ITEMS_START);
    // The last candle's close time as written: the next candle's open time when they follow on.
    let lastCloseMs = Number.NaN;
    let lastClose = 0;
    for (let i = begin; i < end; i++) {
      const start = columns.starts[i];
      const closeMs = start + width;
      // Candles projected before closes kept their provenance, whose readings are pruned: the candle's end is the latest the close can be.
      const readAtMs = Number.isNaN(columns.closeReadAtMs[i]) ? closeMs : columns.closeReadAtMs[i];
      w.room(at, pair.nextCandleHead.length + pair.provenance.length + 2 * ROW_VALUES_ROOM);
      at = w.bytes(at, i === begin ? pair.candleHead : pair.nextCandleHead);
      at = w.bytes(at, intervalText);
      at = w.bytes(at, OPEN_TIME);
      at = start === lastCloseMs ? w.again(at, lastClose, lastClose + INSTANT_BYTES) : w.instant(at, start);
      at = w.bytes(at, CLOSE_TIME);
      lastClose = at;
      at = w.instant(at, closeMs);
      lastCloseMs = at === lastClose + INSTANT_BYTES ? closeMs : Number.NaN;
      at = w.bytes(at, OPEN);
      at = w.number(at, columns.opens[i]);
      at = w.bytes(at, HIGH);
      at = w.number(at, columns.highs[i]);
      at = w.bytes(at, LOW);
      at = w.number(at, columns.lows[i]);
      at = w.bytes(at, CLOSE);
      at = w.number(at, columns.closes[i]);
      at = w.bytes(at, SAMPLES);
      at = w.number(at, columns.samples[i]);
      at = w.bytes(at, pair.provenance);
      at = w.nullableNumber(at, columns.closeBlockNumbers[i]);
      at = w.bytes(at, READ_AT);
      at = w.instant(at, readAtMs);
      at = w.bytes(at, AGE);
      at = w.number(at, ageSeconds(readAtMs, asOf));
      at = w.bytes(at, ROW_END);
    }
    return this.end(at, Math.max(0, end - begin), shell, digest);
  }

  private end<T>(at: number, count: number, { limit, as_of_ms, filters }: PageShell<object>, digest: Hash): JsonBytes<T> {
    const rest = `],${JSON.stringify({ count, limit, as_of: new Date(as_of_ms).toISOString(), filters }).slice(1)}`;
    const bytes = this.writer.take(this.writer.text(at, rest));
    return new JsonBytes<T>(bytes, strongEtag(digest.update(rest)));
  }

  private partsOf(token: TokenName, chain: ChainName): PairParts {
    const key = `${token}|${chain}`;
    let parts = this.parts.get(key);
    if (parts === undefined) {
      // The provenance's fixed fields as priceProvenance gives them: one place says what they are.
      const { chain_id, chain_name, contract, method } = priceProvenance(this.networks, { token, chain, readAt: new Date(0), blockNumber: null }, new Date(0));
      const names = `{"token_name":${JSON.stringify(token)},"chain_name":${JSON.stringify(chain)}`;
      const provenance = `,"provenance":{"chain_id":${JSON.stringify(chain_id)},"chain_name":${JSON.stringify(chain_name)},"contract":${JSON.stringify(contract)},"method":${JSON.stringify(method)},"block_number":`;
      parts = {
        readingHead: Buffer.from(`${names},"price":`),
        nextReadingHead: Buffer.from(`,${names},"price":`),
        candleHead: Buffer.from(`${names},"interval":`),
        nextCandleHead: Buffer.from(`,${names},"interval":`),
        provenance: Buffer.from(provenance),
        quotedProvenance: Buffer.from(`"${provenance}`),
      };
      this.parts.set(key, parts);
    }
    return parts;
  }
}

function ageSeconds(readAtMs: number, asOfMs: number): number {
  return Math.max(0, Math.floor((asOfMs - readAtMs) / 1000));
}
