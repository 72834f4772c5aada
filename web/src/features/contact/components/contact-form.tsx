import {
  CONTACT_ERROR_TITLE,
  CONTACT_SUBJECTS,
  CONTACT_SUCCESS_TEXT,
  CONTACT_SUCCESS_TITLE,
} from '@xsd/contracts/api/contact';
import { type FormEvent, useState } from 'react';
import { submitContact } from '../api/submit-contact';
import { type ContactDraft, EMPTY_DRAFT, submitErrorMessage, submitLabel, validateDraft } from '../lib/contact-form';
import { PhotoDrop } from './photo-drop';
import { trackEvent } from '../../../lib/analytics/browser-tracker';
import { Options } from '../../../components/ui/options';

type Phase = { readonly kind: 'idle' } | { readonly kind: 'submitting' } | { readonly kind: 'success' } | { readonly kind: 'error'; readonly message: string };

export interface ContactFormProps {
  /** The request; the real one unless a test passes its own. */
  readonly send?: typeof submitContact;
}

/** The form of /contact: idle, submitting, success or error (the spec's states). */
export function ContactFormView({ send = submitContact }: ContactFormProps) {
  const [draft, setDraft] = useState<ContactDraft>(EMPTY_DRAFT);
  const [photo, setPhoto] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [progress, setProgress] = useState<number | null>(null);
  const submitting = phase.kind === 'submitting';

  const field = (name: keyof ContactDraft) => ({
    name,
    value: draft[name],
    disabled: submitting,
    onChange: (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [name]: event.target.value })),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // A new submit clears the last error and progress.
    setProgress(null);
    const checked = validateDraft(draft);
    if ('error' in checked) {
      setPhase({ kind: 'error', message: checked.error });
      return;
    }
    setPhase({ kind: 'submitting' });
    try {
      await send(checked.form, photo, setProgress);
      setPhase({ kind: 'success' });
      trackEvent('contact_submitted', { subject: checked.form.subject, with_photo: photo !== null });
      setDraft(EMPTY_DRAFT);
      setPhoto(null);
    } catch (error) {
      setPhase({ kind: 'error', message: submitErrorMessage(error) });
    } finally {
      setProgress(null);
    }
  };

  if (phase.kind === 'success') {
    return (
      <div className="contact-success" role="status" data-testid="contact-success">
        <h3 className="contact-success__title">✓ {CONTACT_SUCCESS_TITLE}</h3>
        <p>{CONTACT_SUCCESS_TEXT}</p>
        <button type="button" className="btn btn--primary" onClick={() => setPhase({ kind: 'idle' })}>
          Send Another Message
        </button>
      </div>
    );
  }

  return (
    <form className="staff-form contact-form" onSubmit={onSubmit} noValidate data-testid="contact-form">
      {phase.kind === 'error' ? (
        <div className="region-error" role="alert" data-testid="contact-error">
          <p className="region-error__tag">{CONTACT_ERROR_TITLE}</p>
          <p>{phase.message}</p>
        </div>
      ) : null}
      <div className="field-row">
        <label className="field">
          <span className="field__label">Full Name *</span>
          <input className="input" type="text" autoComplete="name" required {...field('name')} />
        </label>
        <label className="field">
          <span className="field__label">Email *</span>
          <input className="input" type="email" autoComplete="email" required {...field('email')} />
        </label>
      </div>
      <div className="field-row">
        <label className="field">
          <span className="field__label">Phone (optional)</span>
          <input className="input" type="tel" autoComplete="tel" {...field('phone')} />
        </label>
        <label className="field">
          <span className="field__label">Subject *</span>
          <select className="select" required {...field('subject')}>
            <option value="" disabled>
              Select a subject
            </option>
            <Options values={CONTACT_SUBJECTS} />
          </select>
        </label>
      </div>
      <PhotoDrop photo={photo} onChange={setPhoto} disabled={submitting} />
      <label className="field">
        <span className="field__label">Message *</span>
        <textarea className="textarea" rows={6} required {...field('message')} />
      </label>
      <div className="button-row">
        <button type="submit" className="btn btn--primary" disabled={submitting} data-testid="contact-submit">
          {submitLabel(submitting, photo ? progress : null)}
        </button>
      </div>
    </form>
  );
}
