/**
 * `GET /api/admin/events/export?since=SEQ` (super admins only) and the file `xsd events export`
 * writes and `xsd events import` reads: the event log as stored, one JSON object a line (NDJSON).
 *
 * - An event line is the stored event with its sequence first:
 *   `{"sequence":12,"id":"…","type":"news.created","subject":"xsd.news.…","aggregateId":"…",
 *   "occurredAt":"…","actor":{…},"schemaVersion":1,"data":{…}}`. Sequences run from `since` to
 *   `through` without a gap.
 * - A photo line holds a contact photo that an exported `contact.submitted` event names and that
 *   was still stored: `{"photo":"contact_photos/….jpg","contentType":"image/jpeg","data":"<base64>"}`.
 *   They follow the events.
 * - The last line is the trailer: `{"trailer":{"since":1,"through":12,"count":12,"photos":1,
 *   "sha256":"<hex>"}}`, the SHA-256 of every byte before it. A file without it, or whose bytes
 *   or count disagree with it, is refused whole.
 *
 * The export holds what the log holds: password and API key hashes, never a password or a key.
 */
import { z } from 'zod';
import type { StaffPermission } from '../staff/roles.js';

export const EVENT_EXPORT_PATH = '/api/admin/events/export';
export const EVENT_EXPORT_PERMISSION: StaffPermission = 'event_log';
export const EVENT_EXPORT_CONTENT_TYPE = 'application/x-ndjson';
/** Response header: the last sequence the export holds (the log's head when it started), for progress. */
export const EVENT_EXPORT_THROUGH_HEADER = 'x-xsd-export-through';
export const EXPORT_SINCE_MESSAGE = 'since must be a whole number of at least 1 (an event sequence)';

const SINCE = /^[1-9][0-9]{0,15}$/;

/** `since` as a sequence (default 1): digits only, at least 1, a safe integer. */
export const EventExportQuerySchema = z.object({
  since: z
    .string()
    .optional()
    .refine((value) => value === undefined || (SINCE.test(value) && Number.isSafeInteger(Number(value))), EXPORT_SINCE_MESSAGE)
    .transform((value) => (value === undefined ? 1 : Number(value))),
});

export interface ExportTrailer {
  /** First sequence asked for; the first event line has it unless the export is empty. */
  readonly since: number;
  /** Last sequence exported: the log's head when the export began (since - 1 when empty). */
  readonly through: number;
  /** Event lines. */
  readonly count: number;
  /** Photo lines. */
  readonly photos: number;
  /** SHA-256 (hex) of every byte before the trailer line. */
  readonly sha256: string;
}

export interface ExportedPhoto {
  readonly photo: string;
  readonly contentType: string;
  /** The photo's bytes, base64. */
  readonly data: string;
}

const TrailerSchema = z.object({
  since: z.number().int().min(1),
  through: z.number().int().min(0),
  count: z.number().int().min(0),
  photos: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const PhotoSchema = z.object({
  photo: z.string().min(1).max(200),
  contentType: z.string().min(1),
  data: z.base64(),
});

/** One line of an export, classified; the event is the stored event without its sequence. */
export type ExportLine =
  | { readonly kind: 'event'; readonly sequence: number; readonly event: Record<string, unknown> }
  | { readonly kind: 'photo'; readonly photo: ExportedPhoto }
  | { readonly kind: 'trailer'; readonly trailer: ExportTrailer };

/** An event line from the event's JSON as stored (an object), copied as it is after the sequence. */
export function storedEventLine(sequence: number, json: string): string {
  return json === '{}' ? `{"sequence":${sequence}}\n` : `{"sequence":${sequence},${json.slice(1)}\n`;
}

export function photoLine(photo: ExportedPhoto): string {
  return `${JSON.stringify(photo)}\n`;
}

export function trailerLine(trailer: ExportTrailer): string {
  return `${JSON.stringify({ trailer })}\n`;
}

/** Reads one line (without its newline); throws an Error saying what is wrong with it. */
export function parseExportLine(text: string): ExportLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not a JSON object');
  const record = value as Record<string, unknown>;
  if ('trailer' in record) {
    const trailer = TrailerSchema.safeParse(record.trailer);
    if (!trailer.success) throw new Error('a malformed trailer');
    return { kind: 'trailer', trailer: trailer.data };
  }
  if ('photo' in record) {
    const photo = PhotoSchema.safeParse(record);
    if (!photo.success) throw new Error('a malformed photo line');
    return { kind: 'photo', photo: photo.data };
  }
  const { sequence, ...event } = record;
  if (typeof sequence !== 'number' || !Number.isSafeInteger(sequence) || sequence < 1) {
    throw new Error('neither an event (no sequence), a photo nor the trailer');
  }
  return { kind: 'event', sequence, event };
}
