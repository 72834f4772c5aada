/**
 * `POST /api/contact` (multipart): the public contact form. The web checks these rules before it
 * sends and the server checks them again; the photo is judged by its bytes ({@link detectPhotoType}),
 * never by its name or declared type.
 */
import { z } from 'zod';

export const CONTACT_SUBJECTS = [
  'General Inquiry',
  'Technical Support',
  'Feature Request',
  'Bug Report',
  'Business Proposal',
  'Other',
] as const;
export type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const CONTACT_STATUSES = ['new', 'read', 'replied', 'archived'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** 5 MB, counted in bytes as the spec states it. */
export const CONTACT_PHOTO_MAX_BYTES = 5_242_880;
/** An empty file is no photo: the drop zone's lower bound. */
export const CONTACT_PHOTO_MIN_BYTES = 1;
/** What the file picker offers; the server trusts only {@link detectPhotoType}. */
export const CONTACT_PHOTO_ACCEPT = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/webp'] as const;

// Field lengths the spec leaves open: generous for people, small enough to keep one row modest.
export const MAX_CONTACT_NAME = 200;
export const MAX_CONTACT_EMAIL = 320;
export const MAX_CONTACT_PHONE = 50;
export const MAX_CONTACT_MESSAGE = 10_000;
export const MAX_CONTACT_REPLY = 10_000;

export const CONTACT_REQUIRED_MESSAGE = 'Please fill in all required fields';
export const CONTACT_EMAIL_MESSAGE = 'Please enter a valid email address';
export const CONTACT_PHOTO_TOO_LARGE_MESSAGE = 'File is too large. Maximum size is 5MB.';
export const CONTACT_PHOTO_TYPE_MESSAGE = `File type must be ${CONTACT_PHOTO_ACCEPT.join(',')}`;
export const CONTACT_TOO_MANY_FILES_MESSAGE = 'Too many files';
/** The drop zone's size messages (spec: 'File is larger than N bytes', 'File is smaller than N bytes'). */
export const fileLargerThanMessage = (bytes: number) => `File is larger than ${bytes} bytes`;
export const fileSmallerThanMessage = (bytes: number) => `File is smaller than ${bytes} bytes`;
export const CONTACT_SUBMIT_FAILED_MESSAGE = 'Failed to submit your message. Please try again.';
export const CONTACT_SUCCESS_TITLE = 'Message Sent Successfully!';
export const CONTACT_SUCCESS_TEXT =
  "Thank you for reaching out. We've received your message and will get back to you as soon as possible.";
export const CONTACT_ERROR_TITLE = 'Error Submitting Form';

export function photoUploadFailedMessage(reason: string): string {
  return `Failed to upload photo: ${reason}`;
}

/** Text, at sign, text, dot, text: the spec's rule, deliberately no stricter. */
const CONTACT_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const required = (max: number) =>
  z
    .string({ error: CONTACT_REQUIRED_MESSAGE })
    .trim()
    .min(1, CONTACT_REQUIRED_MESSAGE)
    .max(max, `At most ${max} characters`);

/** The form's text fields; the optional photo travels beside them as the multipart part `photo`. */
export const ContactFormSchema = z.object({
  name: required(MAX_CONTACT_NAME),
  email: required(MAX_CONTACT_EMAIL).regex(CONTACT_EMAIL_PATTERN, CONTACT_EMAIL_MESSAGE),
  /** Optional and unvalidated; empty means none (stored as null). */
  phone: z
    .string()
    .trim()
    .max(MAX_CONTACT_PHONE, `At most ${MAX_CONTACT_PHONE} characters`)
    .optional()
    .transform((phone) => (phone ? phone : null)),
  subject: z.enum(CONTACT_SUBJECTS, { error: CONTACT_REQUIRED_MESSAGE }),
  message: required(MAX_CONTACT_MESSAGE),
});
export type ContactFormInput = z.input<typeof ContactFormSchema>;
export type ContactForm = z.output<typeof ContactFormSchema>;

/** 201 */
export interface ContactSubmitResponse {
  readonly id: string;
}

export type PhotoType = 'jpeg' | 'png' | 'gif' | 'webp';

export const PHOTO_CONTENT_TYPES: Readonly<Record<PhotoType, string>> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** Bytes {@link detectPhotoType} needs to decide (the WEBP header is the longest). */
export const PHOTO_SIGNATURE_BYTES = 12;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((char) => char.charCodeAt(0));
}

/**
 * The photo's format from its first bytes, or null for anything else (SVG, a renamed text file,
 * a truncated header). Hand-written for exactly the four accepted formats: a general detector
 * (file-type) adds a dependency whose current line needs Node 22 for no gain here.
 */
export function detectPhotoType(bytes: Uint8Array): PhotoType | null {
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

// ── staff: /api/admin/contact-submissions[/:id] (permission contact_submissions) ──

export const CONTACT_REPLY_REQUIRED_MESSAGE = 'Reply cannot be empty';
export const CONTACT_REPLY_SENT_MESSAGE = 'Reply sent successfully!';
export const CONTACT_REPLY_FAILED_MESSAGE = 'Failed to send reply. Please try again.';
export const CONTACT_DOWNLOAD_FAILED_MESSAGE = 'Failed to download image. Please try again.';
export const CONTACT_NOT_FOUND_MESSAGE = 'Contact submission not found';
export const CONTACT_ARCHIVED_REPLY_MESSAGE = 'An archived message cannot be replied to';
export const CONTACT_DELETE_CONFIRM_MESSAGE = 'Are you sure you want to delete this message? This cannot be undone.';
export const CONTACT_TOO_MANY_MESSAGE = 'Too many messages sent. Please try again later.';
/** The header bell's new-message count is fetched again this often (and live on a new submission). */
export const CONTACT_NEW_COUNT_REFRESH_MS = 300_000;

export interface ContactSubmission {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string | null;
  readonly subject: ContactSubject;
  readonly message: string;
  /** The staff-only photo route, or null when none was attached. */
  readonly photo_url: string | null;
  readonly status: ContactStatus;
  /** ISO 8601 instants. */
  readonly created_at: string;
  readonly admin_reply: string | null;
  readonly replied_at: string | null;
  /** The replying staff member's id. */
  readonly replied_by: string | null;
}

export interface ContactSubmissionListResponse {
  readonly items: readonly ContactSubmission[];
}

export interface ContactSubmissionResponse {
  readonly item: ContactSubmission;
}

/** Opening (read), archiving, or back to new; `admin_reply` replies (status becomes replied). One at a time. */
export const UpdateContactSubmissionSchema = z
  .strictObject({
    status: z.enum(['new', 'read', 'archived']).optional(),
    admin_reply: z
      .string()
      .trim()
      .min(1, CONTACT_REPLY_REQUIRED_MESSAGE)
      .max(MAX_CONTACT_REPLY, `At most ${MAX_CONTACT_REPLY} characters`)
      .optional(),
  })
  .refine((body) => (body.status === undefined) !== (body.admin_reply === undefined), 'Send either status or admin_reply');
export type UpdateContactSubmission = z.output<typeof UpdateContactSubmissionSchema>;

export function contactPhotoPath(id: string): string {
  return `/api/admin/contact-submissions/${id}/photo`;
}

/** The download's file name: contact_{id}_{name with spaces as underscores}.jpg. */
export function contactPhotoFileName(id: string, name: string): string {
  return `contact_${id}_${name.replace(/ /g, '_')}.jpg`;
}

/** The bell's words: 'message' for 1. */
export function newMessagesLabel(count: number): string {
  return `${count} new ${count === 1 ? 'message' : 'messages'}`;
}
