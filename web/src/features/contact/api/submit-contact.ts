import type { ContactForm, ContactSubmitResponse } from '@xsd/contracts/api/contact';
import { isApiErrorBody } from '@xsd/contracts/api/errors';
import { ApiError } from '../../../lib/api-client';

export const CONTACT_PATH = '/api/contact';

/**
 * POST /api/contact as multipart. XMLHttpRequest rather than fetch: only it reports upload
 * progress, which the button shows as 'Uploading... N%'. `onProgress` gets whole percents.
 */
export function submitContact(form: ContactForm, photo: File | null, onProgress?: (percent: number) => void): Promise<ContactSubmitResponse> {
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
