import {
  CONTACT_PHOTO_TOO_LARGE_MESSAGE,
  CONTACT_TOO_MANY_FILES_MESSAGE,
} from '@xsd/contracts/api/contact';
import { findUnsafeText } from '@xsd/contracts/text/safe-text';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error.filter.js';

/** What a contact form upload carried: its text fields and the photo's bytes, if one was sent. */
export interface ContactUpload {
  readonly fields: Readonly<Record<string, string>>;
  readonly photo: Uint8Array | null;
}

export const CONTACT_PHOTO_FIELD = 'photo';

const FORM_FIELDS = new Set(['name', 'email', 'phone', 'subject', 'message']);

const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code;
const statusOf = (error: unknown) => (error as { statusCode?: unknown } | null)?.statusCode;

const MALFORMED = 'The form could not be read: send it as multipart/form-data, whole and well-formed.';

/**
 * Reads the multipart body (the edge lets it through only on routes marked TAKES_UPLOAD, within
 * MULTIPART_LIMITS). Whatever the client sent is answered 4xx: the plugin's own refusals become
 * the spec's messages, a part the form does not have or a field sent twice is refused, and a body
 * the parser cannot read (no boundary, cut short, a part header too long) is a 400, not a fault of
 * ours. The text fields get the same well-formed-text check JSON bodies get at the edge.
 */
export async function readContactUpload(request: FastifyRequest): Promise<ContactUpload> {
  const fields: Record<string, string> = {};
  let photo: Uint8Array | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== CONTACT_PHOTO_FIELD) {
          part.file.resume();
          throw new ApiError(400, 'invalid_contact', `Send the photo as the field '${CONTACT_PHOTO_FIELD}'`);
        }
        const bytes = await part.toBuffer();
        // A browser sends an empty, nameless file part when nothing was chosen.
        if (bytes.length > 0 || part.filename !== '') photo = new Uint8Array(bytes);
      } else {
        if (!FORM_FIELDS.has(part.fieldname)) throw new ApiError(400, 'invalid_contact', `The form has no field '${part.fieldname.slice(0, 40)}'`);
        if (part.fieldname in fields) throw new ApiError(400, 'invalid_contact', `The field '${part.fieldname}' is sent twice`);
        if (part.valueTruncated || typeof part.value !== 'string') {
          throw new ApiError(400, 'invalid_contact', `The field '${part.fieldname}' is too long`);
        }
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw refusal(error);
  }
  if (findUnsafeText(fields) !== null) throw new ApiError(400, 'invalid_text', 'The request body must not contain NUL characters or broken Unicode.');
  return { fields, photo };
}

/** What a failed read answers: the client's mistake as a 4xx; only a fault of ours (a 5xx the plugin names) stays one. */
function refusal(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  switch (errorCode(error)) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ApiError(413, 'photo_too_large', CONTACT_PHOTO_TOO_LARGE_MESSAGE);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new ApiError(415, 'unsupported_media_type', 'Send the form as multipart/form-data.');
    case 'FST_FILES_LIMIT':
      return new ApiError(400, 'too_many_files', CONTACT_TOO_MANY_FILES_MESSAGE);
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new ApiError(400, 'invalid_contact', 'The form has more parts than it takes.');
  }
  const status = statusOf(error);
  if (typeof status === 'number' && status >= 500) return error;
  // busboy's own errors carry no status: every one of them is about the bytes the client sent.
  return new ApiError(400, 'malformed_multipart', MALFORMED);
}
