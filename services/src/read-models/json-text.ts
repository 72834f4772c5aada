import type { ChainName, TokenName } from '@xsd/contracts';
import type { PriceProvenance } from '@xsd/contracts/api/prices';
import { type RawBuilder, sql } from 'kysely';

/**
 * SQL that writes public API answers as JSON text, as JavaScript would: a page of a thousand rows
 * is then one text value, never a thousand row objects in the API (most of such an answer's time).
 */

/** What a pair's provenance takes from the network table: the rest (block, read time, age) is each reading's. */
export interface ProvenanceSource {
  readonly token: TokenName;
  readonly chain: ChainName;
  readonly chain_id: number;
  /** The price controller's address; null where the network table has none. */
  readonly contract: string | null;
  readonly method: PriceProvenance['method'];
}

/** A timestamptz as JavaScript's toISOString writes it (UTC, milliseconds, `Z`). */
export function isoInstant(column: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`to_char((${column}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The pairs' provenance sources as the relation `source(token_name, chain_name, chain_id, contract, method)`. */
export function provenanceSourcesRelation(sources: readonly ProvenanceSource[]): RawBuilder<unknown> {
  return sql`unnest(
    ${sources.map((s) => s.token)}::text[], ${sources.map((s) => s.chain)}::text[], ${sources.map((s) => s.chain_id)}::int8[],
    ${sources.map((s) => s.contract)}::text[], ${sources.map((s) => s.method)}::text[]
  ) as source(token_name, chain_name, chain_id, contract, method)`;
}

/** JSON text already made (a nested object), put into jsonObject as it is. */
export class JsonPart {
  constructor(readonly text: RawBuilder<string>) {}
}

/**
 * A JSON object's text, compact and with its keys in the given order, as JSON.stringify writes it
 * (PostgreSQL's json_build_object puts spaces around every colon and comma, jsonb sorts the keys).
 */
export function jsonObject(fields: Record<string, RawBuilder<unknown> | JsonPart>): RawBuilder<string> {
  const parts = Object.entries(fields).map(([key, value], i) => {
    const text = value instanceof JsonPart ? value.text : sql`coalesce(to_json(${value})::text, 'null')`;
    return sql`${sql.lit(`${i === 0 ? '{' : ','}${JSON.stringify(key)}:`)} || ${text}`;
  });
  return sql<string>`(${sql.join(parts, sql` || `)} || '}')`;
}

/** The JSON text of an array of the group's `objects`, in `order`, compact. */
export function jsonArray(objects: RawBuilder<string>, order: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`('[' || coalesce(string_agg(${objects}, ',' order by ${order}), '') || ']')`;
}

/**
 * A PriceProvenance object (contracts/api/prices.ts) of the reading at `readAt` in block
 * `blockNumber`, its age counted to `asOf` in whole seconds; the pair's part from the relation
 * `source` (provenanceSourcesRelation).
 */
export function provenanceJson(readAt: RawBuilder<unknown>, blockNumber: RawBuilder<unknown>, asOf: Date): JsonPart {
  return new JsonPart(
    jsonObject({
      chain_id: sql`source.chain_id`,
      chain_name: sql`source.chain_name`,
      contract: sql`source.contract`,
      method: sql`source.method`,
      block_number: blockNumber,
      read_at: isoInstant(readAt),
      age_seconds: sql`greatest(0, floor(extract(epoch from (${asOf.toISOString()}::timestamptz - (${readAt})))))::int8`,
    }),
  );
}
