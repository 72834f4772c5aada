import {
  API_KEY_CREATE_FAILED_MESSAGE,
  API_KEY_NAME_REQUIRED_MESSAGE,
  API_KEY_PERMISSION_REQUIRED_MESSAGE,
  API_KEY_PERMISSIONS,
  MAX_API_KEY_NAME,
  type ApiKeyPermission,
  type CreateApiKeyResponse,
} from '@xsd/contracts/api/admin-api-keys';
import { useId, useState, type FormEvent } from 'react';
import { FormPanel, type CreateFormProps } from '../../components/list-and-form-panel';
import { localInputToIso } from '../../lib/dates';
import { messageOr } from '../../lib/messages';
import { useCreateApiKey } from '../api/create-api-key';

export function CreateKeyForm({ onCancel, onCreated }: CreateFormProps<CreateApiKeyResponse>) {
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
    <FormPanel
      title="New API key"
      testId="api-key-form"
      onSubmit={submit}
      error={error}
      busy={create.isPending}
      busyLabel="Creating..."
      submitLabel="Create Key"
      onCancel={onCancel}
    >
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
              onChange={(event) => setPermissions((current) => (event.target.checked ? [...current, permission] : current.filter((p) => p !== permission)))}
            />
            <span>{permission}</span>
          </label>
        ))}
      </fieldset>
      <label className="field" htmlFor={`${id}-expires`}>
        <span className="field__label">Expires (optional; blank never expires)</span>
        <input id={`${id}-expires`} className="input" type="datetime-local" value={expires} onChange={(event) => setExpires(event.target.value)} />
      </label>
    </FormPanel>
  );
}
