import {
  NEWS_CONTENT_REQUIRED_MESSAGE,
  NEWS_MAX_PRIORITY,
  NEWS_MIN_PRIORITY,
  NEWS_TITLE_REQUIRED_MESSAGE,
  MAX_NEWS_CONTENT,
  MAX_NEWS_TITLE,
  type AdminNewsItem,
} from '@xsd/contracts/api/admin-news';
import { NEWS_TYPES, NEWS_URGENT_PRIORITY, type KnownNewsType } from '@xsd/contracts/api/news';
import { useId, useState, type FormEvent } from 'react';
import { CheckboxField } from '../../components/checkbox-field';
import { FormPanel, type EditFormProps } from '../../components/list-and-form-panel';
import { messageOr } from '../../lib/messages';
import { useFields } from '../../lib/use-fields';
import { useCreateNews } from '../api/create-news';
import { useUpdateNews } from '../api/update-news';
import { createNewsRequest, newsDraftOf, updateNewsRequest, type NewsDraft } from '../lib/news-draft';
import { Options } from '../../../../components/ui/options';

const PRIORITIES = Array.from({ length: NEWS_MAX_PRIORITY - NEWS_MIN_PRIORITY + 1 }, (_, i) => NEWS_MIN_PRIORITY + i);

export function NewsForm({ original, onDone }: EditFormProps<AdminNewsItem>) {
  const id = useId();
  const create = useCreateNews();
  const update = useUpdateNews();
  const [draft, set] = useFields<NewsDraft>(() => newsDraftOf(original));
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.title.trim()) return setError(NEWS_TITLE_REQUIRED_MESSAGE);
    if (!draft.content.trim()) return setError(NEWS_CONTENT_REQUIRED_MESSAGE);
    setError(null);
    const onError = (e: Error) => setError(messageOr(e, 'Failed to save news item'));
    if (!original) return create.mutate(createNewsRequest(draft), { onSuccess: onDone, onError });
    const changes = updateNewsRequest(draft, original);
    if (Object.keys(changes).length === 0) return onDone();
    update.mutate({ id: original.id, changes }, { onSuccess: onDone, onError });
  };

  return (
    <FormPanel
      title={original ? 'Edit news item' : 'New news item'}
      testId="news-form"
      onSubmit={submit}
      error={error}
      busy={create.isPending || update.isPending}
      busyLabel="Saving..."
      submitLabel={original ? 'Save Changes' : 'Create News'}
      onCancel={onDone}
    >
      <label className="field" htmlFor={`${id}-title`}>
        <span className="field__label">Title *</span>
        <input id={`${id}-title`} className="input" value={draft.title} maxLength={MAX_NEWS_TITLE} onChange={(event) => set('title', event.target.value)} required />
      </label>
      <label className="field" htmlFor={`${id}-content`}>
        <span className="field__label">Content * (HTML allowed)</span>
        <textarea id={`${id}-content`} className="textarea" value={draft.content} maxLength={MAX_NEWS_CONTENT} onChange={(event) => set('content', event.target.value)} required />
      </label>
      <div className="field-row">
        <label className="field" htmlFor={`${id}-type`}>
          <span className="field__label">Type</span>
          <select id={`${id}-type`} className="select" value={draft.type} onChange={(event) => set('type', event.target.value as KnownNewsType)}>
            <Options values={NEWS_TYPES} />
          </select>
        </label>
        <label className="field" htmlFor={`${id}-priority`}>
          <span className="field__label">Priority (1-5)</span>
          <select id={`${id}-priority`} className="select" value={draft.priority} onChange={(event) => set('priority', Number(event.target.value))}>
            <Options values={PRIORITIES} label={(p) => `${p}${p >= NEWS_URGENT_PRIORITY ? ' (high)' : ''}`} />
          </select>
        </label>
        <label className="field" htmlFor={`${id}-expires`}>
          <span className="field__label">Expires (optional)</span>
          <input id={`${id}-expires`} className="input" type="datetime-local" value={draft.expires} onChange={(event) => set('expires', event.target.value)} />
        </label>
      </div>
      <CheckboxField label="Notify users" checked={draft.notify_users} onChange={(checked) => set('notify_users', checked)} />
      <CheckboxField label="Active (shown on the dashboard)" checked={draft.is_active} onChange={(checked) => set('is_active', checked)} />
    </FormPanel>
  );
}
