import {
  API_KEY_COPIED_BUTTON,
  API_KEY_CREATE_FAILED_MESSAGE,
  API_KEY_DELETE_CONFIRM_MESSAGE,
  API_KEY_DELETE_FAILED_MESSAGE,
  API_KEY_NAME_REQUIRED_MESSAGE,
  API_KEY_PERMISSION_REQUIRED_MESSAGE,
  API_KEY_PERMISSIONS,
  API_KEYS_LOAD_FAILED_MESSAGE,
  MAX_API_KEY_NAME,
  maskedApiKey,
  type ApiKeyPermission,
  type CreateApiKeyResponse,
} from '@xsd/contracts/api/admin-api-keys';
import { useId, useState, type FormEvent } from 'react';
import { Panel } from '../../../components/ui/panel';
import { useApiKeys, useCreateApiKey, useDeleteApiKey } from '../api/api-keys';
import { ConfirmAction } from '../components/confirm-action';
import { QueryState } from '../components/query-state';
import { formatInstant, localInputToIso } from '../lib/dates';
import { messageOr } from '../lib/messages';
import { useTimedFlag } from '../lib/use-flash';

/** Copy confirmation shows this long (spec: 2 s). */
const COPIED_MS = 2_000;

/** Keys (masked), create form, the new key shown once until 'I've Copied My Key'. */
export function ApiKeysTab() {
  const keys = useApiKeys();
  const remove = useDeleteApiKey();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreateApiKeyResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (created) return <NewKeyView created={created} onDone={() => setCreated(null)} />;

  return (
    <>
      {error ? (
        <p className="region-error" role="alert">
          {error}
        </p>
      ) : null}
      {creating ? (
        <CreateKeyForm
          onCancel={() => setCreating(false)}
          onCreated={(response) => {
            setCreating(false);
            setCreated(response);
          }}
        />
      ) : null}
      <Panel
        title="API keys"
        testId="api-keys-list"
        actions={
          creating ? null : (
            <button type="button" className="btn btn--small btn--primary" onClick={() => setCreating(true)}>
              + New Key
            </button>
          )
        }
      >
        <QueryState pending={keys.isPending} error={keys.error} errorMessage={messageOr(keys.error, API_KEYS_LOAD_FAILED_MESSAGE)} onRetry={() => void keys.refetch()}>
          {keys.data?.items.length === 0 ? <p className="muted">No API keys yet.</p> : null}
          <ul className="admin-list">
            {keys.data?.items.map((key) => (
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
                    onConfirm={() => {
                      setError(null);
                      remove.mutate(key.id, { onError: (e) => setError(messageOr(e, API_KEY_DELETE_FAILED_MESSAGE)) });
                    }}
                  />
                </div>
              </li>
            ))}
          </ul>
        </QueryState>
      </Panel>
    </>
  );
}

function CreateKeyForm({ onCancel, onCreated }: { readonly onCancel: () => void; readonly onCreated: (response: CreateApiKeyResponse) => void }) {
  const id = useId();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [permissions, setPermissions] = useState<readonly ApiKeyPermission[]>(API_KEY_PERMISSIONS);
  const [expires, setExpires] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(API_KEY_NAME_REQUIRED_MESSAGE);
    if (permissions.length === 0) return setError(API_KEY_PERMISSION_REQUIRED_MESSAGE);
    setError(null);
    create.mutate(
      { name: name.trim(), permissions: [...permissions], expires_at: localInputToIso(expires) },
      { onSuccess: onCreated, onError: (e) => setError(messageOr(e, API_KEY_CREATE_FAILED_MESSAGE)) },
    );
  };

  return (
    <Panel title="New API key" tone="accent" testId="api-key-form">
      <form className="staff-form" onSubmit={submit} noValidate>
        <label className="field" htmlFor={`${id}-name`}>
          <span className="field__label">Name *</span>
          <input id={`${id}-name`} className="input" value={name} maxLength={MAX_API_KEY_NAME} onChange={(event) => setName(event.target.value)} required />
        </label>
        <fieldset className="checklist">
          <legend>Permissions (at least one)</legend>
          {API_KEY_PERMISSIONS.map((permission) => (
            <label key={permission} className="checklist__item">
              <input
                type="checkbox"
                checked={permissions.includes(permission)}
                onChange={(event) =>
                  setPermissions((current) => (event.target.checked ? [...current, permission] : current.filter((p) => p !== permission)))
                }
              />
              <span>{permission}</span>
            </label>
          ))}
        </fieldset>
        <label className="field" htmlFor={`${id}-expires`}>
          <span className="field__label">Expires (optional; blank never expires)</span>
          <input id={`${id}-expires`} className="input" type="datetime-local" value={expires} onChange={(event) => setExpires(event.target.value)} />
        </label>
        {error ? (
          <p className="err" role="alert">
            {error}
          </p>
        ) : null}
        <div className="button-row">
          <button type="submit" className="btn btn--primary" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Key'}
          </button>
          <button type="button" className="btn btn--ghost" onClick={onCancel} disabled={create.isPending}>
            Cancel
          </button>
        </div>
      </form>
    </Panel>
  );
}

function NewKeyView({ created, onDone }: { readonly created: CreateApiKeyResponse; readonly onDone: () => void }) {
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
