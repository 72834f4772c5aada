import { z } from 'zod';
import {
  CONTACT_SUBJECTS,
  MAX_CONTACT_EMAIL,
  MAX_CONTACT_MESSAGE,
  MAX_CONTACT_NAME,
  MAX_CONTACT_PHONE,
  MAX_CONTACT_REPLY,
} from '../api/contact.js';

/**
 * Messages sent through the public contact form and what staff did with them. The photo is
 * stored before `contact.submitted` is appended, under `photoKey` (the store's key, never a URL),
 * so an event never points at a missing photo.
 */

const id = z.uuid();

export const ContactSubmittedData = z.object({
  submissionId: id,
  name: z.string().min(1).max(MAX_CONTACT_NAME),
  email: z.string().min(1).max(MAX_CONTACT_EMAIL),
  phone: z.string().max(MAX_CONTACT_PHONE).nullable(),
  subject: z.enum(CONTACT_SUBJECTS),
  message: z.string().min(1).max(MAX_CONTACT_MESSAGE),
  photoKey: z.string().max(200).nullable(),
});

/** Opened (new to read) or archived; `previous` is the status before, for the activity log. */
export const ContactStatusChangedData = z.object({
  submissionId: id,
  name: z.string(),
  status: z.enum(['new', 'read', 'archived']),
  previous: z.enum(['new', 'read', 'replied', 'archived']),
});

/** Staff answered; the submission becomes replied, with the reply's time (the event's) and author (the actor). */
export const ContactRepliedData = z.object({
  submissionId: id,
  name: z.string(),
  reply: z.string().min(1).max(MAX_CONTACT_REPLY),
});

export const ContactDeletedData = z.object({
  submissionId: id,
  name: z.string(),
  photoKey: z.string().max(200).nullable(),
});
