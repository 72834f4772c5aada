import { useEffect, useState } from 'react';

/** How long 'Copied!' stays on the button (spec §9: copy confirmation 2 s). */
export const COPY_CONFIRMATION_MS = 2_000;

export interface CopyButtonProps {
  readonly text: string;
  /** What is copied, for screen readers: "Copy {label}". */
  readonly label: string;
  readonly testId?: string;
}

/** Copies `text` to the clipboard and says so for 2 s. Clipboard failures are ignored (spec §8). */
export function CopyButton({ text, label, testId }: CopyButtonProps) {
  const [copiedAt, setCopiedAt] = useState<number | null>(null);
  useEffect(() => {
    if (copiedAt === null) return;
    const id = window.setTimeout(() => setCopiedAt(null), COPY_CONFIRMATION_MS);
    return () => window.clearTimeout(id);
  }, [copiedAt]);
  const copy = () => {
    void navigator.clipboard?.writeText(text).then(
      () => setCopiedAt(Date.now()),
      () => undefined,
    );
  };
  return (
    <button type="button" className="btn btn--small" onClick={copy} aria-label={`Copy ${label}`} data-testid={testId}>
      <span aria-live="polite">{copiedAt !== null ? 'Copied!' : 'Copy'}</span>
    </button>
  );
}
