/** `2026-05-01 12:00 UTC`: an instant as operators read it, the same everywhere. */
export function formatInstant(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** `in 1 h 59 min`, `5 min ago`, `now`. */
export function relativeTime(iso: string, now: Date): string {
  const ms = new Date(iso).getTime() - now.getTime();
  if (!Number.isFinite(ms)) return '';
  const minutes = Math.round(Math.abs(ms) / 60_000);
  if (minutes === 0) return 'now';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  const text = [days ? `${days} d` : '', hours ? `${hours} h` : '', mins ? `${mins} min` : ''].filter(Boolean).join(' ');
  return ms > 0 ? `in ${text}` : `${text} ago`;
}

/** `2026-05-01 12:00 UTC (in 1 h 59 min)`. */
export function formatWhen(iso: string, now: Date): string {
  const relative = relativeTime(iso, now);
  return relative ? `${formatInstant(iso)} (${relative})` : formatInstant(iso);
}
