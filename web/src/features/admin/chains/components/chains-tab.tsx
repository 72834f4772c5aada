import {
  CHAIN_INACTIVE_WITHOUT_MESSAGE_WARNING,
  CHAIN_SAVED_MARKER_MS,
  CHAIN_TOGGLE_FAILED_MESSAGE,
  CHAIN_UPDATE_FAILED_MESSAGE,
  MAX_CHAIN_DISPLAY_NAME,
  MAX_CHAIN_MAINTENANCE_MESSAGE,
  type AdminChainSetting,
} from '@xsd/contracts/api/admin-chains';
import { DEFAULT_CHAIN_MAINTENANCE_MESSAGE } from '@xsd/contracts/api/prices';
import { useId, useState, type FormEvent } from 'react';
import { Panel } from '../../../../components/ui/panel';
import { useAdminChains } from '../api/get-chains';
import { useUpdateChain } from '../api/update-chain';
import { AdminForm } from '../../components/list-and-form-panel';
import { QueryState } from '../../components/query-state';
import { formatInstant } from '../../lib/dates';
import { useTimedFlag } from '../../lib/use-timed-flag';

/** Networks with status, quick toggle, edit form, banner preview and the 3 s 'Saved' marker. */
export function ChainsTab() {
  const chains = useAdminChains();
  const update = useUpdateChain();
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, flashSaved] = useTimedFlag<string>(CHAIN_SAVED_MARKER_MS);

  return (
    <>
      <Panel title="About chain settings" tone="info">
        <p>
          A chain in maintenance keeps showing its prices; its cards on the dashboard are dimmed and carry the maintenance banner. Changes reach visitors
          live.
        </p>
      </Panel>
      {error ? (
        <p className="region-error" role="alert">
          {error}
        </p>
      ) : null}
      <Panel title="Networks" testId="chains-list">
        <QueryState pending={chains.isPending} error={chains.error} errorMessage="Failed to load chain settings." onRetry={() => void chains.refetch()}>
          <ul className="admin-list">
            {chains.data?.items.map((chain) =>
              editing === chain.chain_name ? (
                <li key={chain.chain_name} className="admin-list__item admin-list__item--form">
                  <ChainForm
                    chain={chain}
                    busy={update.isPending}
                    onCancel={() => setEditing(null)}
                    onSubmit={(changes) => {
                      setError(null);
                      update.mutate(
                        { chain: chain.chain_name, changes },
                        {
                          onSuccess: () => {
                            setEditing(null);
                            flashSaved(chain.chain_name);
                          },
                          onError: () => setError(CHAIN_UPDATE_FAILED_MESSAGE),
                        },
                      );
                    }}
                  />
                </li>
              ) : (
                <li key={chain.chain_name} className={`admin-list__item${chain.is_active ? '' : ' admin-list__item--inactive'}`} data-testid={`chain-${chain.chain_name}`}>
                  <div className="admin-list__main">
                    <strong className="admin-list__title">{chain.display_name}</strong>{' '}
                    {chain.coming_soon ? (
                      <span className="tag tag--muted">coming soon</span>
                    ) : (
                      <span className={`tag ${chain.is_active ? 'ok' : 'warn'}`} data-testid="chain-status">
                        {chain.is_active ? 'active' : 'maintenance'}
                      </span>
                    )}{' '}
                    {saved === chain.chain_name ? (
                      <span className="ok" role="status" data-testid="chain-saved">
                        ✓ Saved
                      </span>
                    ) : null}
                    <p className="admin-list__meta muted">
                      {chain.chain_name} · chain id {chain.chain_id} · updated {formatInstant(chain.updated_at, 'never')}
                    </p>
                    {!chain.is_active ? <BannerPreview message={chain.stored_maintenance_message} /> : null}
                  </div>
                  <div className="admin-list__actions">
                    <button
                      type="button"
                      className="btn btn--small"
                      aria-pressed={chain.is_active}
                      aria-label={`${chain.is_active ? 'Set Maintenance' : 'Set Active'}: ${chain.display_name}`}
                      disabled={update.isPending}
                      onClick={() => {
                        setError(null);
                        update.mutate(
                          { chain: chain.chain_name, changes: { is_active: !chain.is_active } },
                          { onSuccess: () => flashSaved(chain.chain_name), onError: () => setError(CHAIN_TOGGLE_FAILED_MESSAGE) },
                        );
                      }}
                    >
                      {chain.is_active ? 'Set Maintenance' : 'Set Active'}
                    </button>
                    <button type="button" className="btn btn--small" aria-label={`Edit ${chain.display_name}`} onClick={() => setEditing(chain.chain_name)}>
                      Edit
                    </button>
                  </div>
                </li>
              ),
            )}
          </ul>
        </QueryState>
      </Panel>
    </>
  );
}

function BannerPreview({ message }: { readonly message: string | null }) {
  return (
    <p className="chain-banner-preview" aria-label="Maintenance banner preview">
      <strong>[MAINT]</strong> {message?.trim() || DEFAULT_CHAIN_MAINTENANCE_MESSAGE}
    </p>
  );
}

interface ChainFormProps {
  readonly chain: AdminChainSetting;
  readonly busy: boolean;
  readonly onCancel: () => void;
  readonly onSubmit: (changes: { is_active: boolean; display_name: string | null; maintenance_message: string | null }) => void;
}

function ChainForm({ chain, busy, onCancel, onSubmit }: ChainFormProps) {
  const id = useId();
  const [active, setActive] = useState(chain.is_active);
  const [name, setName] = useState(chain.custom_display_name ?? '');
  const [message, setMessage] = useState(chain.stored_maintenance_message ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ is_active: active, display_name: name.trim() || null, maintenance_message: message.trim() || null });
  };
  return (
    <AdminForm
      onSubmit={submit}
      noValidate={false}
      ariaLabel={`Edit ${chain.display_name}`}
      testId="chain-form"
      busy={busy}
      busyLabel="Saving..."
      submitLabel="Save"
      onCancel={onCancel}
    >
      <label className="field" htmlFor={`${id}-status`}>
        <span className="field__label">Status of {chain.chain_name}</span>
        <select id={`${id}-status`} className="select" value={active ? 'active' : 'maintenance'} onChange={(event) => setActive(event.target.value === 'active')}>
          <option value="active">Active</option>
          <option value="maintenance">Maintenance</option>
        </select>
      </label>
      <label className="field" htmlFor={`${id}-name`}>
        <span className="field__label">Display name</span>
        <input id={`${id}-name`} className="input" value={name} maxLength={MAX_CHAIN_DISPLAY_NAME} onChange={(event) => setName(event.target.value)} placeholder={chain.chain_name} />
      </label>
      <label className="field" htmlFor={`${id}-message`}>
        <span className="field__label">Maintenance message</span>
        <textarea id={`${id}-message`} className="textarea" value={message} maxLength={MAX_CHAIN_MAINTENANCE_MESSAGE} onChange={(event) => setMessage(event.target.value)} placeholder={DEFAULT_CHAIN_MAINTENANCE_MESSAGE} />
      </label>
      {!active && !message.trim() ? (
        <p className="warn" role="note" data-testid="chain-message-warning">
          {CHAIN_INACTIVE_WITHOUT_MESSAGE_WARNING}
        </p>
      ) : null}
      {!active ? <BannerPreview message={message} /> : null}
    </AdminForm>
  );
}
