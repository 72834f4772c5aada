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

interface Visit {
  readonly value: unknown;
  readonly key: string | number | null;
  readonly parent: Visit | null;
}

function pathOf(visit: Visit, rootPath: Path): Path {
  const keys: Path = [];
  for (let at: Visit | null = visit; at !== null && at.key !== null; at = at.parent) keys.push(at.key);
  return [...rootPath, ...keys.reverse()];
}

/**
 * Walks the value with a stack of its own, not by recursion, and keeps only a link to each
 * parent: a request body nested thousands of levels deep must be answered, neither overflow the
 * call stack nor copy its path at every level.
 */
function unsafeTextPath(root: unknown, rootPath: Path): Path | null {
  const pending: Visit[] = [{ value: root, key: null, parent: null }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (!isSafeText(value)) return pathOf(visit, rootPath);
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) pending.push({ value: value[index], key: index, parent: visit });
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (const [key] of entries) if (!isSafeText(key)) return pathOf({ value: key, key, parent: visit }, rootPath);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index];
        pending.push({ value: item, key, parent: visit });
      }
    }
  }
  return null;
}
