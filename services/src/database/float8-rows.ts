import { type RawBuilder, sql } from 'kysely';

/**
 * A group's rows as one bytea: each row's values as big-endian float8s (a null as NaN), row after
 * row in `order` (float8Columns reads it back). A series' whole read is hundreds of thousands of
 * rows: as row objects the driver parsed and the caller then copied into columns, they took the
 * API's event loop seconds; as bytes each value is one read of eight bytes.
 */
export function float8Rows(values: readonly RawBuilder<unknown>[], order: RawBuilder<unknown>): RawBuilder<Uint8Array | null> {
  const row = sql.join(
    values.map((value) => sql`float8send(coalesce((${value})::float8, 'NaN'::float8))`),
    sql` || `,
  );
  return sql`string_agg(${row}, ''::bytea order by ${order})`;
}

/** The columns of `count` values a row of a float8Rows aggregate (null: no rows), as typed arrays. */
export function float8Columns(bytes: Uint8Array | null, count: number): Float64Array[] {
  const rows = bytes === null ? 0 : bytes.length / (8 * count);
  const columns = Array.from({ length: count }, () => new Float64Array(rows));
  if (bytes === null) return columns;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let row = 0, at = 0; row < rows; row++) {
    for (let c = 0; c < count; c++, at += 8) columns[c][row] = view.getFloat64(at);
  }
  return columns;
}
