import { z } from 'zod';

/**
 * Text every part can store and send: no NUL (PostgreSQL refuses U+0000 in text and jsonb) and
 * no lone UTF-16 surrogate (not Unicode; it turns into U+FFFD or an error on the way through
 * UTF-8). An event or a request carrying either would fail in every projection forever, so both
 * the event catalog and the HTTP edge refuse it.
 */
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSAFE_TEXT_MESSAGE = 'must not contain NUL characters or unpaired surrogates';

/** True when `value` is well-formed text that PostgreSQL and UTF-8 can hold. */
export function isSafeText(value: string): boolean {
  return !UNSAFE.test(value);
}

type Path = (string | number)[];

/**
 * The path (`data.title`, `tags.2`, or `(root)`) of the first string in a JSON-like value that is
 * not safe text, object keys included; null when every string is safe.
 */
export function findUnsafeText(value: unknown): string | null {
  const path = unsafeTextPath(value, []);
  if (path === null) return null;
  return path.length === 0 ? '(root)' : path.join('.');
}

/** A string schema that refuses unsafe text: `SafeText.max(200)` for one field. */
export const SafeText = z.string().refine(isSafeText, { message: UNSAFE_TEXT_MESSAGE });

/**
 * A refinement for any schema whose strings must all be safe (a whole request body):
 * `Body.superRefine(refineSafeText)`. The issue's path names the offending field.
 */
export function refineSafeText(value: unknown, context: z.RefinementCtx): void {
  const path = unsafeTextPath(value, []);
  if (path !== null) context.addIssue({ code: 'custom', message: UNSAFE_TEXT_MESSAGE, path });
}

function unsafeTextPath(value: unknown, path: Path): Path | null {
  if (typeof value === 'string') return isSafeText(value) ? null : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unsafeTextPath(item, [...path, index]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isSafeText(key)) return [...path, key];
      const found = unsafeTextPath(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}
