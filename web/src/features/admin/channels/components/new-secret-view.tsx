import { CHANNEL_SECRET_COPIED_BUTTON, type CreateChannelResponse } from '@xsd/contracts/api/admin-channels';
import { Panel } from '../../../../components/ui/panel';
import { useTimedFlag } from '../../lib/use-timed-flag';

const COPIED_MS = 2_000;

/** A new webhook's signing secret, shown this once (like a new API key). */
export function NewSecretView({ created, onDone }: { readonly created: CreateChannelResponse; readonly onDone: () => void }) {
  const [copied, flashCopied] = useTimedFlag<true>(COPIED_MS);
  const copy = () => {
    void navigator.clipboard?.writeText(created.secret ?? '').then(() => flashCopied(true), () => undefined);
  };
  return (
    <Panel title="Your webhook signing secret" tone="warning" testId="channel-secret-once">
      <p>
        Copy the secret for <strong>{created.item.name}</strong> now: it is shown this once. Your receiver checks each delivery's{' '}
        <code>webhook-signature</code> with it (Standard Webhooks).
      </p>
      <p>
        <code className="secret" data-testid="channel-secret-value">
          {created.secret}
        </code>
      </p>
      <div className="button-row">
        <button type="button" className="btn" onClick={copy}>
          {copied ? 'Copied!' : 'Copy'}
        </button>
        <button type="button" className="btn btn--primary" onClick={onDone}>
          {CHANNEL_SECRET_COPIED_BUTTON}
        </button>
      </div>
    </Panel>
  );
}
