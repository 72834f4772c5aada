/**
 * The fields of `changes` whose values differ from `current`, with their values before: what an
 * update event carries, so an edit that changes nothing decides nothing.
 */
export function changedFields<T extends object>(
  current: T,
  changes: Partial<T>,
): { readonly changes: Partial<T>; readonly previous: Partial<T> } | null {
  const after: Partial<T> = {};
  const before: Partial<T> = {};
  for (const key of Object.keys(changes) as (keyof T)[]) {
    const value = changes[key];
    if (value === undefined || value === current[key]) continue;
    after[key] = value;
    before[key] = current[key];
  }
  return Object.keys(after).length === 0 ? null : { changes: after, previous: before };
}
