import { useEffect, useRef, useState } from 'react';

export interface ConfirmActionProps {
  /** The button that asks ('Delete'). */
  readonly label: string;
  /** Its accessible name ('Delete news item Launch'). */
  readonly ariaLabel: string;
  /** The question, ending with the spec's 'cannot be undone' where it applies. */
  readonly question: string;
  readonly confirmLabel?: string;
  readonly busy?: boolean;
  readonly onConfirm: () => void;
}

/**
 * A destructive action that asks first, inline (no native dialog): the button turns into the
 * question with Confirm and Cancel; focus moves to Cancel, the safe choice.
 */
export function ConfirmAction({ label, ariaLabel, question, confirmLabel = 'Confirm Delete', busy, onConfirm }: ConfirmActionProps) {
  const [asking, setAsking] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) cancelRef.current?.focus();
  }, [asking]);

  if (!asking) {
    return (
      <button type="button" className="btn btn--small btn--danger" aria-label={ariaLabel} onClick={() => setAsking(true)} disabled={busy}>
        {label}
      </button>
    );
  }
  return (
    <span className="confirm" role="alertdialog" aria-label={ariaLabel}>
      <span className="confirm__question">{question}</span>
      <button
        type="button"
        className="btn btn--small btn--danger"
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" className="btn btn--small" ref={cancelRef} onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  );
}
