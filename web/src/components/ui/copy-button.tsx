import { useEffect, useState } from 'react';

/** How long 'Copied!' stays on the button (spec §9: copy confirmation 2 s). */
export const COPY_CONFIRMATION_MS = 2_000;

export interface CopyButtonProps {
  readonly text: string;
  /** What is copied, for screen readers: "Copy {label}". */
  readonly label: string;
  readonly testId?: string;
}

/** Copies text to the clipboard; `copied` stays true for 2 s after each copy. Clipboard failures are ignored (spec §8). */
export function useCopyToClipboard(): readonly [copied: boolean, copy: (text: string) => void] {
  const [copiedAt, setCopiedAt] = useState<number | null>(null);
  useEffect(() => {
    if (copiedAt === null) return;
    const id = window.setTimeout(() => setCopiedAt(null), COPY_CONFIRMATION_MS);
    return () => window.clearTimeout(id);
  }, [copiedAt]);
  const copy = (text: string) => {
    void navigator.clipboard?.writeText(text).then(
      () => setCopiedAt(Date.now()),
      () => undefined,
    );
  };
  return [copiedAt !== null, copy];
}

/** Copies `text` to the clipboard and says so for 2 s. */
export function CopyButton({ text, label, testId }: CopyButtonProps) {
  const [copied, copy] = useCopyToClipboard();
  return (
    <button type="button" className="btn btn--small" onClick={() => copy(text)} aria-label={`Copy ${label}`} data-testid={testId}>
      <span aria-live="polite">{copied ? 'Copied!' : 'Copy'}</span>
    </button>
  );
}
