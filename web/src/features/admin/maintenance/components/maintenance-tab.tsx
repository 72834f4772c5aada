import { maintenanceMessage, maintenanceTitle, type SiteSettings } from '@xsd/contracts/api/site';
import { MAX_MAINTENANCE_MESSAGE, MAX_MAINTENANCE_TITLE } from '@xsd/contracts/api/site-update';
import { useId, useState, type FormEvent } from 'react';
import { Panel } from '../../../../components/ui/panel';
import { useAdminSite } from '../api/get-site-settings';
import { useUpdateSite } from '../api/update-site-settings';
import { CommunityLinksSection } from './community-links-section';
import { CheckboxField } from '../../components/checkbox-field';
import { FormPanel } from '../../components/list-and-form-panel';
import { QueryState } from '../../components/query-state';
import { formatInstant, isoToLocalInput, localInputToIso } from '../../lib/dates';
import { ADMIN_MESSAGES } from '../../lib/messages';
import { useTimedFlag } from '../../lib/use-timed-flag';

/** Status card, toggle, settings form and page preview over `PUT /api/admin/site`; then the community links. */
export function MaintenanceTab() {
  const site = useAdminSite();
  const update = useUpdateSite();
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [saved, flashSaved] = useTimedFlag<true>();

  const toggle = (current: SiteSettings) => {
    setError(null);
    update.mutate({ maintenance_mode: !current.maintenance_mode }, { onError: () => setError(ADMIN_MESSAGES.toggleFailed) });
  };

  return (
    <QueryState pending={site.isPending} error={site.error} errorMessage={ADMIN_MESSAGES.siteLoadFailed} onRetry={() => void site.refetch()}>
      {site.data ? (
        <>
          <div role="status" aria-live="polite">
            {saved ? (
              <p className="banner banner--ok" data-testid="site-saved">
                {ADMIN_MESSAGES.settingsUpdated}
              </p>
            ) : null}
          </div>
          {error ? (
            <p className="region-error" role="alert">
              {error}
            </p>
          ) : null}
          <Panel title="Maintenance status" tone={site.data.maintenance_mode ? 'warning' : 'success'} testId="maintenance-status">
            <p>
              Maintenance is{' '}
              <strong className={site.data.maintenance_mode ? 'warn' : 'ok'} data-testid="maintenance-state">
                {site.data.maintenance_mode ? 'ON' : 'OFF'}
              </strong>
              {site.data.maintenance_mode ? ': every public page shows the maintenance screen; /admin stays reachable.' : '.'}
            </p>
            <dl className="kv admin-kv">
              <dt>Title</dt>
              <dd>{maintenanceTitle(site.data)}</dd>
              <dt>Message</dt>
              <dd>{maintenanceMessage(site.data)}</dd>
              <dt>Expected back</dt>
              <dd>{formatInstant(site.data.expected_up_time, 'not announced')}</dd>
              <dt>Last change</dt>
              <dd>{formatInstant(site.data.updated_at, 'never')}</dd>
            </dl>
            <div className="button-row">
              <button
                type="button"
                className={`btn ${site.data.maintenance_mode ? 'btn--primary' : 'btn--danger'}`}
                onClick={() => toggle(site.data!)}
                disabled={update.isPending}
                data-testid="maintenance-toggle"
              >
                {site.data.maintenance_mode ? 'Disable Maintenance' : 'Enable Maintenance'}
              </button>
              {!editing ? (
                <button type="button" className="btn" onClick={() => setEditing(true)}>
                  Edit Settings
                </button>
              ) : null}
            </div>
          </Panel>
          {editing ? (
            <SiteSettingsForm
              site={site.data}
              busy={update.isPending}
              onCancel={() => setEditing(false)}
              onSubmit={(request) => {
                setError(null);
                update.mutate(request, {
                  onSuccess: () => {
                    setEditing(false);
                    flashSaved(true);
                  },
                  onError: () => setError(ADMIN_MESSAGES.siteUpdateFailed),
                });
              }}
            />
          ) : null}
          <Panel title="Page preview" testId="maintenance-preview">
            <div className="maintenance-preview" aria-label="Maintenance page preview">
              <p className="muted">● maintenance (preview)</p>
              <h3>{maintenanceTitle(site.data)}</h3>
              <p>{maintenanceMessage(site.data)}</p>
              {site.data.expected_up_time ? <p className="muted">Expected to be back online {formatInstant(site.data.expected_up_time)}</p> : null}
            </div>
          </Panel>
          <CommunityLinksSection links={site.data.community_links ?? {}} />
        </>
      ) : null}
    </QueryState>
  );
}

interface SiteSettingsFormProps {
  readonly site: SiteSettings;
  readonly busy: boolean;
  readonly onCancel: () => void;
  readonly onSubmit: (request: { maintenance_mode: boolean; maintenance_title: string | null; maintenance_message: string | null; expected_up_time: string | null }) => void;
}

function SiteSettingsForm({ site, busy, onCancel, onSubmit }: SiteSettingsFormProps) {
  const id = useId();
  const [mode, setMode] = useState(site.maintenance_mode);
  const [title, setTitle] = useState(site.maintenance_title ?? '');
  const [message, setMessage] = useState(site.maintenance_message ?? '');
  const [until, setUntil] = useState(isoToLocalInput(site.expected_up_time));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ maintenance_mode: mode, maintenance_title: title.trim() || null, maintenance_message: message.trim() || null, expected_up_time: localInputToIso(until) });
  };

  return (
    <FormPanel
      title="Maintenance settings"
      testId="maintenance-form"
      onSubmit={submit}
      noValidate={false}
      busy={busy}
      busyLabel="Saving..."
      submitLabel="Save Settings"
      onCancel={onCancel}
    >
      <CheckboxField label="Maintenance mode on" checked={mode} onChange={setMode} />
      <label className="field" htmlFor={`${id}-title`}>
        <span className="field__label">Title</span>
        <input id={`${id}-title`} className="input" value={title} maxLength={MAX_MAINTENANCE_TITLE} onChange={(event) => setTitle(event.target.value)} placeholder={maintenanceTitle({ maintenance_title: null })} />
      </label>
      <label className="field" htmlFor={`${id}-message`}>
        <span className="field__label">Message</span>
        <textarea id={`${id}-message`} className="textarea" value={message} maxLength={MAX_MAINTENANCE_MESSAGE} onChange={(event) => setMessage(event.target.value)} placeholder={maintenanceMessage({ maintenance_message: null })} />
      </label>
      <label className="field" htmlFor={`${id}-until`}>
        <span className="field__label">Expected back online (optional, your local time)</span>
        <input id={`${id}-until`} className="input" type="datetime-local" value={until} onChange={(event) => setUntil(event.target.value)} />
      </label>
    </FormPanel>
  );
}
