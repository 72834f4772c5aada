import { API_KEY_COPIED_BUTTON, type CreateApiKeyResponse } from '@xsd/contracts/api/admin-api-keys';
import { Panel } from '../../../../components/ui/panel';
import { useTimedFlag } from '../../lib/use-timed-flag';

/** Copy confirmation shows this long (spec: 2 s). */
const COPIED_MS = 2_000;

export interface NewKeyViewProps {
  readonly created: CreateApiKeyResponse;
  readonly onDone: () => void;
}

/** The new key, shown this once. */
export function NewKeyView({ created, onDone }: NewKeyViewProps) {
  const [copied, flashCopied] = useTimedFlag<true>(COPIED_MS);
  const copy = () => {
    // Clipboard failures are ignored (spec §8): the key stays on screen to copy by hand.
    void navigator.clipboard?.writeText(created.key).then(() => flashCopied(true), () => undefined);
  };
  return (
    <Panel title="Your new API key" tone="warning" testId="api-key-once">
      <p>
        Copy the key for <strong>{created.item.name}</strong> now: it is shown this once and cannot be shown again.
      </p>
      <p>
        <code className="secret" data-testid="api-key-value">
          {created.key}
        </code>
      </p>
      <div className="button-row">
        <button type="button" className="btn" onClick={copy}>
          {copied ? 'Copied!' : 'Copy'}
        </button>
        <button type="button" className="btn btn--primary" onClick={onDone}>
          {API_KEY_COPIED_BUTTON}
        </button>
      </div>
    </Panel>
  );
}
