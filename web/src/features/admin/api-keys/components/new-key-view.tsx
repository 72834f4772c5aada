import { API_KEY_COPIED_BUTTON, type CreateApiKeyResponse } from '@xsd/contracts/api/admin-api-keys';
import { SecretOnceView } from '../../components/secret-once-view';

export interface NewKeyViewProps {
  readonly created: CreateApiKeyResponse;
  readonly onDone: () => void;
}

/** The new key, shown this once. */
export function NewKeyView({ created, onDone }: NewKeyViewProps) {
  return (
    <SecretOnceView
      title="Your new API key"
      secret={created.key}
      doneLabel={API_KEY_COPIED_BUTTON}
      onDone={onDone}
      panelTestId="api-key-once"
      valueTestId="api-key-value"
    >
      Copy the key for <strong>{created.item.name}</strong> now: it is shown this once and cannot be shown again.
    </SecretOnceView>
  );
}
