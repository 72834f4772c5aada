import type { ColumnType } from 'kysely';

/*
 * Column shapes shared by the table types (`database/schema.ts` and each read model's
 * `*.table.ts`). Values as both drivers return them: see `schema.ts`.
 */

export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp with a database default (`now()`), optional on insert. */
export type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
/** A column with a database default, optional on insert. */
export type Default<T> = ColumnType<T, T | undefined, T>;
/** A uuid primary key with `gen_random_uuid()` as its default. */
export type UuidDefault = Default<string>;
/** jsonb: parsed on select, a JSON string (`JSON.stringify`) on insert and update. */
export type Json<T> = ColumnType<T, string, string>;
export type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };
