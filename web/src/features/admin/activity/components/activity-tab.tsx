import { ACTIVITY_LOAD_FAILED_MESSAGE, type ActivityEntry } from '@xsd/contracts/api/admin-activity';
import { useId, useState, type FormEvent } from 'react';
import { Panel } from '../../../../components/ui/panel';
import { TableHead } from '../../../../components/ui/table-head';
import { useActivity, type ActivityFilter } from '../api/get-activity';
import { formatInstant } from '../../lib/dates';
import { messageOr } from '../../lib/messages';
import { useFields } from '../../lib/use-fields';

const EMPTY_FILTER: ActivityFilter = { actor: '', action: '', since: '', until: '' };

/** Every staff and system action, newest first, filtered by actor, action and dates. */
export function ActivityTab() {
  const id = useId();
  const [form, set, setForm] = useFields<ActivityFilter>(EMPTY_FILTER);
  const [filter, setFilter] = useState<ActivityFilter>(EMPTY_FILTER);
  const activity = useActivity(filter);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter(form);
  };

  return (
    <>
      <Panel title="Filter" testId="activity-filter">
        <form className="staff-form staff-form--wide" onSubmit={apply} role="search">
          <div className="field-row">
            <label className="field" htmlFor={`${id}-actor`}>
              <span className="field__label">Actor (email, id or 'system')</span>
              <input id={`${id}-actor`} className="input" value={form.actor} onChange={(event) => set('actor', event.target.value)} />
            </label>
            <label className="field" htmlFor={`${id}-action`}>
              <span className="field__label">Action (e.g. news or news.created)</span>
              <input id={`${id}-action`} className="input" value={form.action} onChange={(event) => set('action', event.target.value)} />
            </label>
            <label className="field" htmlFor={`${id}-since`}>
              <span className="field__label">From</span>
              <input id={`${id}-since`} className="input" type="date" value={form.since} onChange={(event) => set('since', event.target.value)} />
            </label>
            <label className="field" htmlFor={`${id}-until`}>
              <span className="field__label">To</span>
              <input id={`${id}-until`} className="input" type="date" value={form.until} onChange={(event) => set('until', event.target.value)} />
            </label>
          </div>
          <div className="button-row">
            <button type="submit" className="btn btn--primary">
              Apply
            </button>
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => {
                setForm(EMPTY_FILTER);
                setFilter(EMPTY_FILTER);
              }}
            >
              Clear
            </button>
          </div>
        </form>
      </Panel>
      <Panel title="Activity" testId="activity-list">
        {activity.isPending ? (
          <p className="page-loading" role="status">
            Loading
          </p>
        ) : activity.isError ? (
          <div className="region-error" role="alert">
            <p>{messageOr(activity.error, ACTIVITY_LOAD_FAILED_MESSAGE)}</p>
            <button type="button" className="btn btn--small" onClick={() => void activity.refetch()}>
              Retry
            </button>
          </div>
        ) : activity.data.items.length === 0 ? (
          <p className="muted">No matching activity.</p>
        ) : (
          <ol className="admin-list activity-list" aria-busy={activity.isFetching}>
            {activity.data.items.map((entry) => (
              <ActivityRow key={entry.event_id} entry={entry} />
            ))}
          </ol>
        )}
      </Panel>
    </>
  );
}

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

function ActivityRow({ entry }: { readonly entry: ActivityEntry }) {
  const fields = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  const who = entry.actor.email ?? (entry.actor.kind === 'system' ? `system${entry.actor.id ? ` (${entry.actor.id})` : ''}` : entry.actor.id ?? entry.actor.kind);
  return (
    <li className="admin-list__item activity-entry" data-testid="activity-entry">
      <div className="admin-list__main">
        <p className="activity-entry__head">
          <time dateTime={entry.occurred_at} className="muted">
            {formatInstant(entry.occurred_at)}
          </time>{' '}
          <strong>{who}</strong> <code className="accent">{entry.action}</code>{' '}
          <span>
            {entry.target.kind} {entry.target.label ?? entry.target.id}
          </span>
        </p>
        {fields.length > 0 ? (
          <table className="activity-entry__diff">
            <TableHead columns={['field', 'before', 'after']} />
            <tbody>
              {fields.map((field) => (
                <tr key={field}>
                  <th scope="row">{field}</th>
                  <td className="err">{entry.before && field in entry.before ? show(entry.before[field]) : '—'}</td>
                  <td className="ok">{entry.after && field in entry.after ? show(entry.after[field]) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </li>
  );
}
