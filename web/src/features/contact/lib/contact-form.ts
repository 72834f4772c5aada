import {
  CONTACT_PHOTO_ACCEPT,
  CONTACT_PHOTO_MAX_BYTES,
  CONTACT_PHOTO_MIN_BYTES,
  CONTACT_PHOTO_TOO_LARGE_MESSAGE,
  CONTACT_PHOTO_TYPE_MESSAGE,
  CONTACT_REQUIRED_MESSAGE,
  CONTACT_SUBMIT_FAILED_MESSAGE,
  CONTACT_TOO_MANY_FILES_MESSAGE,
  type ContactForm,
  type ContactFormInput,
  ContactFormSchema,
  fileLargerThanMessage,
  fileSmallerThanMessage,
  photoUploadFailedMessage,
} from '@xsd/contracts/api/contact';
import { ApiError } from '../../../lib/api-client';

/** The form's fields as typed; the subject is '' while the disabled placeholder is selected. */
export interface ContactDraft {
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly subject: string;
  readonly message: string;
}

export const EMPTY_DRAFT: ContactDraft = { name: '', email: '', phone: '', subject: '', message: '' };

/**
 * The contracts' rules, the server's too: the required-fields message first (any of the four
 * missing), then the email's. Returns the parsed form or the message to show.
 */
export function validateDraft(draft: ContactDraft): { readonly form: ContactForm } | { readonly error: string } {
  const result = ContactFormSchema.safeParse(draft satisfies Record<keyof ContactFormInput, string>);
  if (result.success) return { form: result.data };
  const messages = result.error.issues.map((issue) => issue.message);
  return { error: messages.find((message) => message === CONTACT_REQUIRED_MESSAGE) ?? messages[0] ?? CONTACT_REQUIRED_MESSAGE };
}

/**
 * A chosen or dropped file list: the one photo, or the message explaining why it was refused. The
 * spec words an oversized file two ways: the drop zone's 'File is larger than N bytes', and the
 * 'File is too large' alert for one chosen in the file picker.
 */
export function pickPhoto(files: readonly File[], via: 'drop' | 'picker'): { readonly photo: File } | { readonly error: string } | null {
  if (files.length === 0) return null;
  if (files.length > 1) return { error: CONTACT_TOO_MANY_FILES_MESSAGE };
  const [photo] = files as [File];
  if (!(CONTACT_PHOTO_ACCEPT as readonly string[]).includes(photo.type)) return { error: CONTACT_PHOTO_TYPE_MESSAGE };
  if (photo.size > CONTACT_PHOTO_MAX_BYTES) {
    return { error: via === 'drop' ? fileLargerThanMessage(CONTACT_PHOTO_MAX_BYTES) : CONTACT_PHOTO_TOO_LARGE_MESSAGE };
  }
  if (photo.size < CONTACT_PHOTO_MIN_BYTES) return { error: fileSmallerThanMessage(CONTACT_PHOTO_MIN_BYTES) };
  return { photo };
}

/** The button's words: 'Uploading... N%' while a photo goes up, 'Sending...' otherwise. */
export function submitLabel(submitting: boolean, progress: number | null): string {
  if (!submitting) return 'Send Message';
  return progress === null ? 'Sending...' : `Uploading... ${progress}%`;
}

/** Server codes of a refused photo: their message reads 'Failed to upload photo: {reason}'. */
const PHOTO_ERROR_CODES: ReadonlySet<string> = new Set(['invalid_photo', 'photo_too_large', 'too_many_files']);
/** Answers without a server message (network failure, an unexpected status): the spec's fallback. */
const NO_SERVER_MESSAGE: ReadonlySet<string> = new Set(['http_error', 'network', 'aborted']);

/** The service's message when it sent one; the spec's fallback otherwise. */
export function submitErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || NO_SERVER_MESSAGE.has(error.code) || error.status >= 500) return CONTACT_SUBMIT_FAILED_MESSAGE;
  return PHOTO_ERROR_CODES.has(error.code) ? photoUploadFailedMessage(error.message) : error.message;
}
