import type { ContactForm, ContactSubmitResponse } from '@xsd/contracts/api/contact';
import { isApiErrorBody } from '@xsd/contracts/api/errors';
import { ApiError } from '../../../lib/api-client';
import { idempotencyHeaders, newIdempotencyKey } from '../../../lib/idempotency-key';

export const CONTACT_PATH = '/api/contact';

/** Waits before each retry of a failed upload: two retries, the second later. */
export const CONTACT_RETRY_DELAYS_MS: readonly number[] = [1_000, 3_000];

/** A failure the same request may overcome: no answer (the network) or the server's own (5xx); never a refusal (4xx). */
const retryable = (error: unknown) => error instanceof ApiError && (error.code === 'network' || error.status >= 500);

/**
 * POST /api/contact with one Idempotency-Key for the submission, retried with the same key after a
 * network error or a 5xx: an upload the server stored but could not answer is stored once, and the
 * retry gets its answer. `onProgress` starts again from 0 with each try.
 */
export async function submitContact(
  form: ContactForm,
  photo: File | null,
  onProgress?: (percent: number) => void,
  retryDelaysMs: readonly number[] = CONTACT_RETRY_DELAYS_MS,
): Promise<ContactSubmitResponse> {
  const key = newIdempotencyKey();
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await sendContact(form, photo, key, onProgress);
    } catch (error) {
      const delay = retryDelaysMs[attempt];
      if (delay === undefined || !retryable(error)) throw error;
      onProgress?.(0);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * One try, as multipart. XMLHttpRequest rather than fetch: only it reports upload progress, which
 * the button shows as 'Uploading... N%'. `onProgress` gets whole percents.
 */
function sendContact(form: ContactForm, photo: File | null, key: string, onProgress?: (percent: number) => void): Promise<ContactSubmitResponse> {
  const body = new FormData();
  body.set('name', form.name);
  body.set('email', form.email);
  if (form.phone) body.set('phone', form.phone);
  body.set('subject', form.subject);
  body.set('message', form.message);
  if (photo) body.set('photo', photo, photo.name);

  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', CONTACT_PATH);
    request.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(idempotencyHeaders(key))) request.setRequestHeader(name, value);
    if (photo && onProgress) {
      request.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      });
    }
    request.addEventListener('load', () => {
      let parsed: unknown = null;
      try {
        parsed = request.responseText === '' ? null : JSON.parse(request.responseText);
      } catch {
        parsed = null;
      }
      if (request.status >= 200 && request.status < 300 && parsed !== null) return resolve(parsed as ContactSubmitResponse);
      if (isApiErrorBody(parsed)) return reject(new ApiError(parsed.error.message, request.status, parsed.error.code));
      reject(new ApiError(`Request failed with status ${request.status}`, request.status, 'http_error'));
    });
    request.addEventListener('error', () => reject(new ApiError('Network error: the message could not be sent.', 0, 'network')));
    request.addEventListener('abort', () => reject(new ApiError('The upload was cancelled.', 0, 'aborted')));
    request.send(body);
  });
}
