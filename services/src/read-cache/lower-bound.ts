/** The first index in [low, high) whose value is at least `value` (`high` when none is); values ascending. */
export function lowerBound(values: Float64Array, value: number, low = 0, high = values.length): number {
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle] < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
