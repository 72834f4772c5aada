/**
 * What the staff content routes share: an optional text or date sent as null when empty (the
 * spec's rule), and the answer of a DELETE.
 */
import { z } from 'zod';

/** An optional text: trimmed; empty, missing or null all mean "none" (null). */
export const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text or null` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((value) => (value === undefined || value === null || value === '' ? null : value));

/** The same for a PATCH: undefined keeps the field, null or '' clears it. */
export const optionalTextPatch = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text or null` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .nullable()
    .transform((value) => (value === null || value === '' ? null : value))
    .optional();

/** Staff ids are UUIDs; anything else in a path is an item that does not exist. */
export const ITEM_ID = z.uuid();

/** `DELETE /api/admin/<resource>/:id` (200): the id that is gone. */
export interface DeletedResponse {
  readonly deleted: string;
}
