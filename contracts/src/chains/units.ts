/**
 * Fixed-point conversions between on-chain integers and plain numbers, without a chain library
 * (the web imports this). `unitsToNumber(1234567n, 6)` is exactly `Number('1.234567')`.
 */
export function unitsToNumber(units: bigint, decimals: number): number {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const scale = 10n ** BigInt(decimals);
  const fraction = (abs % scale).toString().padStart(decimals, '0');
  return Number(`${negative ? '-' : ''}${abs / scale}.${fraction}`);
}

/**
 * The on-chain integer for a number, from its shortest decimal form (what `String(value)` shows),
 * rounded half up: `numberToUnits(0.1, 18)` is 10n ** 17n, not the binary expansion of 0.1.
 */
export function numberToUnits(value: number, decimals: number): bigint {
  if (!Number.isFinite(value)) throw new Error(`Cannot convert ${value} to units`);
  const [mantissa, exponent = '0'] = Math.abs(value).toString().split('e');
  const [whole, fraction = ''] = mantissa.split('.');
  const digits = BigInt(whole + fraction);
  const shift = Number(exponent) - fraction.length + decimals;
  let units: bigint;
  if (shift >= 0) {
    units = digits * 10n ** BigInt(shift);
  } else {
    const divisor = 10n ** BigInt(-shift);
    units = (digits + divisor / 2n) / divisor;
  }
  return value < 0 ? -units : units;
}
