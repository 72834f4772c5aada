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

/**
 * Reads the multipart body (the edge lets it through only on routes marked TAKES_UPLOAD, with one
 * file of at most 5,242,880 bytes). The plugin's own refusals become the spec's messages; the
 * text fields get the same well-formed-text check JSON bodies get at the edge.
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
      } else if (FORM_FIELDS.has(part.fieldname)) {
        if (part.valueTruncated || typeof part.value !== 'string') {
          throw new ApiError(400, 'invalid_contact', `The field '${part.fieldname}' is too long`);
        }
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (errorCode(error) === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, 'photo_too_large', CONTACT_PHOTO_TOO_LARGE_MESSAGE);
    if (errorCode(error) === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new ApiError(415, 'unsupported_media_type', 'Send the form as multipart/form-data.');
    }
    if (errorCode(error) === 'FST_FILES_LIMIT') throw new ApiError(400, 'too_many_files', CONTACT_TOO_MANY_FILES_MESSAGE);
    throw error;
  }
  if (findUnsafeText(fields) !== null) throw new ApiError(400, 'invalid_text', 'The request body must not contain NUL characters or broken Unicode.');
  return { fields, photo };
}
