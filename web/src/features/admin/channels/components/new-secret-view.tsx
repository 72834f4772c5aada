import { CHANNEL_SECRET_COPIED_BUTTON, type CreateChannelResponse } from '@xsd/contracts/api/admin-channels';
import { SecretOnceView } from '../../components/secret-once-view';

/** A new webhook's signing secret, shown this once (like a new API key). */
export function NewSecretView({ created, onDone }: { readonly created: CreateChannelResponse; readonly onDone: () => void }) {
  return (
    <SecretOnceView
      title="Your webhook signing secret"
      secret={created.secret ?? ''}
      doneLabel={CHANNEL_SECRET_COPIED_BUTTON}
      onDone={onDone}
      panelTestId="channel-secret-once"
      valueTestId="channel-secret-value"
    >
      Copy the secret for <strong>{created.item.name}</strong> now: it is shown this once. Your receiver checks each delivery&apos;s{' '}
      <code>webhook-signature</code> with it (Standard Webhooks).
    </SecretOnceView>
  );
}
