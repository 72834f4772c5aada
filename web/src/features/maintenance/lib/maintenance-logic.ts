/** Confetti: 500 pieces for 5 seconds when maintenance ends. */
export const END_CONFETTI = { pieces: 500, durationMs: 5_000 } as const;

const pad = (value: number) => String(value).padStart(2, '0');

/** hours:minutes:seconds, rounded up to the next whole second so 0.4 s left still reads 00:00:01. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1_000));
  const hours = Math.floor(total / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  const seconds = total % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`;
}

/** True on the on → off transition only (not on first load with maintenance off). */
export function maintenanceJustEnded(previous: boolean | undefined, next: boolean | undefined): boolean {
  return previous === true && next === false;
}
