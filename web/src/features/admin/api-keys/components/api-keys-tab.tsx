import {
  API_KEY_DELETE_CONFIRM_MESSAGE,
  API_KEY_DELETE_FAILED_MESSAGE,
  API_KEYS_LOAD_FAILED_MESSAGE,
  maskedApiKey,
  type ApiKey,
  type CreateApiKeyResponse,
} from '@xsd/contracts/api/admin-api-keys';
import { ConfirmAction } from '../../components/confirm-action';
import { ListAndFormPanel } from '../../components/list-and-form-panel';
import { formatInstant } from '../../lib/dates';
import { messageOr } from '../../lib/messages';
import { useListEditing } from '../../lib/use-list-editing';
import { useDeleteApiKey } from '../api/delete-api-key';
import { useApiKeys } from '../api/get-api-keys';
import { CreateKeyForm } from './create-key-form';
import { NewKeyView } from './new-key-view';

/** Keys (masked), create form, the new key shown once until 'I've Copied My Key'. */
export function ApiKeysTab() {
  const keys = useApiKeys();
  const remove = useDeleteApiKey();
  const editor = useListEditing<ApiKey, CreateApiKeyResponse>();

  if (editor.created) return <NewKeyView created={editor.created} onDone={editor.clearCreated} />;

  return (
    <ListAndFormPanel
      title="API keys"
      testId="api-keys-list"
      newLabel="+ New Key"
      editor={editor}
      renderForm={() => <CreateKeyForm onCancel={editor.close} onCreated={editor.showCreated} />}
      query={keys}
      loadErrorMessage={messageOr(keys.error, API_KEYS_LOAD_FAILED_MESSAGE)}
      emptyText="No API keys yet."
      renderItem={(key) => (
        <li key={key.id} className={`admin-list__item${key.expired ? ' admin-list__item--inactive' : ''}`} data-testid="api-key-item">
          <div className="admin-list__main">
            <strong className="admin-list__title">{key.name}</strong>{' '}
            {key.expired ? <span className="tag err">expired</span> : <span className="tag ok">active</span>}
            <p className="admin-list__key" aria-label="Key (hidden)">
              {maskedApiKey()}
            </p>
            <p className="admin-list__meta muted">
              {key.permissions.join(', ')} · created {formatInstant(key.created_at)} · expires {formatInstant(key.expires_at, 'never')} · last used{' '}
              {formatInstant(key.last_used_at, 'never')}
            </p>
          </div>
          <div className="admin-list__actions">
            <ConfirmAction
              label="Delete"
              ariaLabel={`Delete API key ${key.name}`}
              question={API_KEY_DELETE_CONFIRM_MESSAGE}
              busy={remove.isPending}
              onConfirm={() => editor.run(remove, key.id, (e) => messageOr(e, API_KEY_DELETE_FAILED_MESSAGE))}
            />
          </div>
        </li>
      )}
    />
  );
}
