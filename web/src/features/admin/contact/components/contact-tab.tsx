import {
  CONTACT_DELETE_CONFIRM_MESSAGE,
  CONTACT_DOWNLOAD_FAILED_MESSAGE,
  CONTACT_REPLY_FAILED_MESSAGE,
  CONTACT_REPLY_SENT_MESSAGE,
  CONTACT_STATUSES,
  type ContactSubmission,
  contactPhotoFileName,
} from '@xsd/contracts/api/contact';
import { type FormEvent, useEffect, useState } from 'react';
import { Modal } from '../../../../components/ui/modal';
import { Panel } from '../../../../components/ui/panel';
import { useDeleteContactSubmission } from '../api/delete-contact-submission';
import { downloadPhoto } from '../api/download-contact-photo';
import { useContactSubmissions } from '../api/get-contact-submissions';
import { useUpdateContactSubmission } from '../api/update-contact-submission';
import { ConfirmAction } from '../../components/confirm-action';
import { QueryState } from '../../components/query-state';
import { type ContactStatusFilter, filterSubmissions, subjectIcon } from '../lib/contact-list';
import { formatInstant } from '../../lib/dates';
import { useTimedFlag } from '../../lib/use-timed-flag';
import { Options } from '../../../../components/ui/options';
import '../../components/contact-admin.css';

const LOAD_FAILED = 'Failed to load contact submissions. Please try again.';

/** Messages from the public form: the list on the left, the selected one and its reply on the right. */
export function ContactTab() {
  const submissions = useContactSubmissions();
  const update = useUpdateContactSubmission();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ContactStatusFilter>('all');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const items = submissions.data?.items ?? [];
  const shown = filterSubmissions(items, search, status);
  const selected = items.find((item) => item.id === selectedId) ?? null;

  const open = (item: ContactSubmission) => {
    setSelectedId(item.id);
    // Opening a new message marks it read; a failure here is silently ignored (spec).
    if (item.status === 'new') update.mutate({ id: item.id, change: { status: 'read' } });
  };

  return (
    <div className="contact-admin">
      <Panel title="Contact Submissions" testId="contact-submissions-list">
        <div className="contact-admin__filters">
          <label className="field">
            <span className="field__label">Search</span>
            <input className="input" type="search" value={search} onChange={(event) => setSearch(event.target.value)} data-testid="contact-search" />
          </label>
          <label className="field">
            <span className="field__label">Status</span>
            <select className="select" value={status} onChange={(event) => setStatus(event.target.value as ContactStatusFilter)} data-testid="contact-status-filter">
              <option value="all">All</option>
              <Options values={CONTACT_STATUSES} />
            </select>
          </label>
        </div>
        <QueryState pending={submissions.isPending} error={submissions.error} errorMessage={LOAD_FAILED} onRetry={() => void submissions.refetch()}>
          {shown.length === 0 ? (
            <p className="muted">{items.length === 0 ? 'No messages yet.' : 'No messages match.'}</p>
          ) : (
            <ul className="contact-admin__list" data-testid="contact-list">
              {shown.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className={`contact-admin__row contact-admin__row--${item.status}`}
                    aria-current={item.id === selectedId ? 'true' : undefined}
                    onClick={() => open(item)}
                    data-testid={`contact-row-${item.id}`}
                  >
                    <span className="contact-admin__name" title={item.name}>
                      {item.name}
                    </span>
                    <span className="tag" data-testid="contact-row-status">
                      {item.status}
                    </span>
                    <span className="contact-admin__subject">
                      <span aria-hidden="true">{subjectIcon(item.subject)}</span> {item.subject}
                      {item.photo_url ? <span className="muted"> · photo</span> : null}
                    </span>
                    <span className="muted contact-admin__date">{formatInstant(item.created_at)}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </Panel>
      {selected ? (
        <SubmissionDetails key={selected.id} item={selected} onDeleted={() => setSelectedId(null)} />
      ) : (
        <Panel title="Details">
          <p className="muted">Select a message to read it.</p>
        </Panel>
      )}
    </div>
  );
}

function SubmissionDetails({ item, onDeleted }: { readonly item: ContactSubmission; readonly onDeleted: () => void }) {
  const update = useUpdateContactSubmission();
  const remove = useDeleteContactSubmission();
  const [photoOpen, setPhotoOpen] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  return (
    <Panel title="Details" testId="contact-details">
      <dl className="admin-kv contact-admin__kv">
        <dt>Name</dt>
        <dd data-testid="contact-detail-name">{item.name}</dd>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${item.email}`}>{item.email}</a>
        </dd>
        {item.phone ? (
          <>
            <dt>Phone</dt>
            <dd>{item.phone}</dd>
          </>
        ) : null}
        <dt>Subject</dt>
        <dd>
          <span aria-hidden="true">{subjectIcon(item.subject)}</span> {item.subject}
        </dd>
        <dt>Received</dt>
        <dd>{formatInstant(item.created_at)}</dd>
        <dt>Status</dt>
        <dd data-testid="contact-detail-status">{item.status}</dd>
      </dl>
      <p className="contact-admin__message" data-testid="contact-detail-message">
        {item.message}
      </p>
      {item.photo_url ? (
        <button type="button" className="contact-admin__thumb" onClick={() => setPhotoOpen(true)} aria-label={`Open the photo from ${item.name}`}>
          <img src={item.photo_url} alt={`Photo attached by ${item.name}`} data-testid="contact-detail-photo" />
        </button>
      ) : null}
      {item.admin_reply ? (
        <div className="contact-admin__reply" data-testid="contact-detail-reply">
          <p className="muted">Replied {formatInstant(item.replied_at)}</p>
          <p>{item.admin_reply}</p>
        </div>
      ) : null}
      {item.status === 'archived' ? null : <ReplyForm item={item} />}
      <div className="button-row">
        {item.status === 'archived' ? null : (
          <button
            type="button"
            className="btn btn--small"
            disabled={update.isPending}
            onClick={() => update.mutate({ id: item.id, change: { status: 'archived' } })}
          >
            Archive
          </button>
        )}
        <ConfirmAction
          label="Delete"
          ariaLabel={`Delete the message from ${item.name}`}
          question={CONTACT_DELETE_CONFIRM_MESSAGE}
          busy={remove.isPending}
          onConfirm={() => remove.mutate(item.id, { onSuccess: onDeleted })}
        />
      </div>
      {item.photo_url ? (
        <Modal open={photoOpen} onClose={() => setPhotoOpen(false)} title={`Photo from ${item.name}`} testId="contact-photo-overlay" className="contact-admin__overlay">
          <img className="contact-admin__full" src={item.photo_url} alt={`Photo attached by ${item.name}`} />
          {downloadError ? (
            <p className="region-error" role="alert">
              {downloadError}
            </p>
          ) : null}
          <div className="button-row">
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => {
                setDownloadError(null);
                downloadPhoto(item.photo_url as string, contactPhotoFileName(item.id, item.name)).catch(() => setDownloadError(CONTACT_DOWNLOAD_FAILED_MESSAGE));
              }}
            >
              Download
            </button>
          </div>
        </Modal>
      ) : null}
    </Panel>
  );
}

function ReplyForm({ item }: { readonly item: ContactSubmission }) {
  const update = useUpdateContactSubmission();
  const [reply, setReply] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, flashSent] = useTimedFlag<boolean>();
  useEffect(() => setError(null), [reply]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (reply.trim() === '') return;
    update.mutate(
      { id: item.id, change: { admin_reply: reply.trim() } },
      {
        onSuccess: () => {
          setReply('');
          flashSent(true);
        },
        onError: () => setError(CONTACT_REPLY_FAILED_MESSAGE),
      },
    );
  };

  return (
    <form className="staff-form contact-admin__reply-form" onSubmit={onSubmit} data-testid="contact-reply-form">
      {sent ? (
        <p className="banner banner--ok" role="status">
          {CONTACT_REPLY_SENT_MESSAGE}
        </p>
      ) : null}
      <label className="field">
        <span className="field__label">Reply</span>
        <textarea className="textarea" rows={4} value={reply} onChange={(event) => setReply(event.target.value)} data-testid="contact-reply-text" />
      </label>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="button-row">
        <button type="submit" className="btn btn--primary btn--small" disabled={update.isPending || reply.trim() === ''}>
          {update.isPending ? 'Sending...' : 'Send Reply'}
        </button>
      </div>
    </form>
  );
}
