/** A value of a row COPY loads: text as it is (PostgreSQL parses it as the column's type), a number, or null. */
export type CopyValue = string | number | null;

/**
 * Loads rows into `schema.table` with `COPY ... FROM` in text format, on its own connection (or
 * the embedded database's next turn), outside any transaction: much less for the server to do
 * than an INSERT of the same rows, for bulk loads such as a rebuild's. Resolves to the rows loaded.
 */
export type CopyRows = (
  target: { readonly schema: string; readonly table: string },
  columns: readonly string[],
  rows: readonly (readonly CopyValue[])[],
) => Promise<number>;

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** `COPY "schema"."table" ("a", "b") FROM <source>`, every name quoted. */
export function copyStatement(target: Parameters<CopyRows>[0], columns: readonly string[], source: string): string {
  const names = columns.map(quoteIdentifier).join(', ');
  return `COPY ${quoteIdentifier(target.schema)}.${quoteIdentifier(target.table)} (${names}) FROM ${source}`;
}

const SPECIAL = /[\\\t\n\r]/;
const SPECIAL_ALL = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function field(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`COPY cannot load the number ${value}`);
    return String(value);
  }
  return SPECIAL.test(value) ? value.replace(SPECIAL_ALL, (character) => ESCAPES[character]) : value;
}

/** The rows in COPY's text format: tab between fields, a line a row, `\N` for null, backslash escapes. */
export function copyText(rows: readonly (readonly CopyValue[])[]): string {
  let text = '';
  for (const row of rows) text += `${row.map(field).join('\t')}\n`;
  return text;
}
