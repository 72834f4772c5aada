import { createHash } from 'node:crypto';
import { MAX_PUSH_PAYLOAD_BYTES, PUSH_BODY_MAX, PUSH_TITLE_MAX, type PushPayload } from '@xsd/contracts/api/push';

const ELLIPSIS = '…';

function byteLength(payload: PushPayload): number {
  return Buffer.byteLength(JSON.stringify(payload), 'utf8');
}

/** The first `length` code points (never half a surrogate pair), with an ellipsis when cut. */
function cut(text: string, length: number): string {
  const points = Array.from(text);
  return points.length <= length ? text : `${points.slice(0, Math.max(0, length)).join('')}${ELLIPSIS}`;
}

/** The longest cut of `field` for which the payload fits, by bisection over code points. */
function fitField(payload: PushPayload, field: 'body' | 'title', limit: number): PushPayload {
  const points = Array.from(payload[field]).length;
  let low = 0;
  let high = points;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (byteLength({ ...payload, [field]: cut(payload[field], mid) }) <= limit) low = mid;
    else high = mid - 1;
  }
  return { ...payload, [field]: cut(payload[field], low) };
}

/** Within `max` UTF-16 units (the schema's measure), ellipsis included, never half a character. */
function withinLength(text: string, max: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed;
  let kept = '';
  for (const point of trimmed) {
    if (kept.length + point.length + ELLIPSIS.length > max) break;
    kept += point;
  }
  return `${kept}${ELLIPSIS}`;
}

/**
 * The payload as the JSON the service worker reads (valid against PushPayloadSchema) within
 * MAX_PUSH_PAYLOAD_BYTES: title and body are cut to the schema's lengths, then the body is
 * shortened further, then the extras (data, actions, icons) are dropped, then the title is
 * shortened. Never throws: a long news item still goes out, cut.
 */
export function encodePushPayload(payload: PushPayload, limit: number = MAX_PUSH_PAYLOAD_BYTES): string {
  const title = withinLength(payload.title, PUSH_TITLE_MAX) || ELLIPSIS;
  // A body that is only markup or spaces would make the service worker show the raw text instead.
  const body = withinLength(payload.body, PUSH_BODY_MAX) || title;
  const bounded: PushPayload = { ...payload, title, body };
  if (byteLength(bounded) <= limit) return JSON.stringify(bounded);
  let fitted = fitField(bounded, 'body', limit);
  if (byteLength(fitted) > limit) {
    const { title, body, tag, requireInteraction } = fitted;
    fitted = fitField({ title, body, ...(tag === undefined ? {} : { tag }), ...(requireInteraction === undefined ? {} : { requireInteraction }) }, 'body', limit);
  }
  if (byteLength(fitted) > limit) fitted = fitField(fitted, 'title', limit);
  return JSON.stringify(fitted);
}

/**
 * The `Topic` header for a key such as an alert id: push services take at most 32 base64url
 * characters, so the key is hashed (the same key, the same topic: an offline device keeps only the
 * newest message of each alert).
 */
export function pushTopic(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 32);
}
