export interface ShownToggleProps {
  readonly shown: boolean;
  /** What the button's label names ('event Launch'). */
  readonly what: string;
  readonly busy: boolean;
  readonly onToggle: () => void;
}

/** The eye toggle of a news item or calendar event: shows it on the public site or hides it. */
export function ShownToggle({ shown, what, busy, onToggle }: ShownToggleProps) {
  return (
    <button type="button" className="btn btn--small" aria-pressed={shown} aria-label={`${shown ? 'Hide' : 'Show'} ${what}, ${shown ? 'shown' : 'hidden'}`} disabled={busy} onClick={onToggle}>
      {shown ? '◉ shown' : '○ hidden'}
    </button>
  );
}
