import type { ReactNode } from 'react';
import { Panel } from '../../../components/ui/panel';
import { useTimedFlag } from '../lib/use-timed-flag';

/** Copy confirmation shows this long (spec: 2 s). */
const COPIED_MS = 2_000;

export interface SecretOnceViewProps {
  readonly title: string;
  /** What the secret is and why it must be copied now. */
  readonly children: ReactNode;
  readonly secret: string;
  readonly doneLabel: string;
  readonly onDone: () => void;
  readonly panelTestId: string;
  readonly valueTestId: string;
}

/** A secret the server shows this once (an API key, a webhook's signing secret), with Copy. */
export function SecretOnceView({ title, children, secret, doneLabel, onDone, panelTestId, valueTestId }: SecretOnceViewProps) {
  const [copied, flashCopied] = useTimedFlag<true>(COPIED_MS);
  const copy = () => {
    // Clipboard failures are ignored (spec §8): the secret stays on screen to copy by hand.
    void navigator.clipboard?.writeText(secret).then(() => flashCopied(true), () => undefined);
  };
  return (
    <Panel title={title} tone="warning" testId={panelTestId}>
      <p>{children}</p>
      <p>
        <code className="secret" data-testid={valueTestId}>
          {secret}
        </code>
      </p>
      <div className="button-row">
        <button type="button" className="btn" onClick={copy}>
          {copied ? 'Copied!' : 'Copy'}
        </button>
        <button type="button" className="btn btn--primary" onClick={onDone}>
          {doneLabel}
        </button>
      </div>
    </Panel>
  );
}
