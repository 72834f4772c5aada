export const formatBalance = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 4 });

export const formatShare = (value: number | null) => (value === null ? '–' : `${value.toFixed(1)}%`);

/** Peg deviation colour: within 1 % green, within 5 % amber, else red. */
export function pegClass(deviation: number | null | undefined): string | undefined {
  if (deviation == null) return undefined;
  const abs = Math.abs(deviation);
  return abs <= 1 ? 'ok' : abs <= 5 ? 'warn' : 'err';
}
