/** Cells of the text bar. */
const CELLS = 20;

/** A terminal progress bar `[██████░░░░] 68.0%`, announced as a progressbar. */
export function ProgressBar({ percent, label }: { readonly percent: number; readonly label: string }) {
  const clamped = Math.max(0, Math.min(100, percent));
  const filled = Math.round((clamped / 100) * CELLS);
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Number(clamped.toFixed(1))}
      aria-valuetext={`${clamped.toFixed(1)}%`}
    >
      <span className="progress__label">{label}</span>
      <span className="progress__bar" aria-hidden="true">
        [<span className="progress__fill">{'█'.repeat(filled)}</span>
        <span className="progress__empty">{'░'.repeat(CELLS - filled)}</span>]
      </span>
      <span className="progress__value">{clamped.toFixed(1)}%</span>
    </div>
  );
}
