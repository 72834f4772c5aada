import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { type Actor, contactSubmissionSubject } from '@xsd/contracts';
import { type DeletedResponse, ITEM_ID } from '@xsd/contracts/api/admin-content';
import {
  CONTACT_NOT_FOUND_MESSAGE,
  CONTACT_PHOTO_MAX_BYTES,
  CONTACT_PHOTO_TOO_LARGE_MESSAGE,
  CONTACT_PHOTO_TYPE_MESSAGE,
  type ContactForm,
  type ContactSubmissionListResponse,
  type ContactSubmissionResponse,
  type ContactSubmitResponse,
  detectPhotoType,
  PHOTO_CONTENT_TYPES,
  type PhotoType,
  type UpdateContactSubmission,
} from '@xsd/contracts/api/contact';
import { idempotentId } from '@xsd/contracts/api/idempotency';
import { CLOCK, type Clock } from '../core/clock.js';
import { ReadModelTimeoutError } from '../core/projection-progress.js';
import type { CommandInput, Undated } from '../event-sourcing/aggregate-handler.js';
import { ApiError } from '../http/api-error.filter.js';
import type { Idempotency } from '../http/idempotency-key.js';
import { ContactSubmissionsRepository, toContactSubmission } from '../read-models/contact-submissions/contact-submissions.repository.js';
import { type AuthenticatedStaff, staffActor } from '../staff/staff.types.js';
import { contactPhotoKey, keyedContactPhotoKey, PhotoExistsError, PHOTO_STORE, type PhotoStore, type StoredPhoto } from '../uploads/photo-store.js';
import { ContactFlood } from './contact-flood.js';
import { DecideContact } from './contact.commands.js';
import type { ContactCommand, ContactState, SubmitContact } from './contact.decider.js';

const notFound = () => new ApiError(404, 'contact_submission_not_found', CONTACT_NOT_FOUND_MESSAGE);
const isUuid = (value: string) => ITEM_ID.safeParse(value).success;

/** A photo to store: its bytes, their type, and its key. */
interface Upload {
  readonly bytes: Uint8Array;
  readonly type: PhotoType;
  readonly key: string;
}

/** Judged by its bytes alone: the name and declared type a browser sends prove nothing. */
function checkPhoto(photo: Uint8Array): PhotoType {
  if (photo.length > CONTACT_PHOTO_MAX_BYTES) throw new ApiError(413, 'photo_too_large', CONTACT_PHOTO_TOO_LARGE_MESSAGE);
  const type = detectPhotoType(photo);
  if (!type) throw new ApiError(400, 'invalid_photo', CONTACT_PHOTO_TYPE_MESSAGE);
  return type;
}

/**
 * Contact submissions: the public form (stores the photo, then records the submission as an
 * event), and the Contact Submissions tab (list, open/archive/reply, delete, the photos).
 */
@Injectable()
export class ContactService {
  private readonly logger = new Logger('Contact');

  constructor(
    private readonly commands: CommandBus,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PHOTO_STORE) private readonly photos: PhotoStore,
    private readonly flood: ContactFlood,
    private readonly submissions: ContactSubmissionsRepository,
  ) {}

  /** Counted against the client before anything is read, so a flood costs little. */
  admit(client: string): Promise<void> {
    return this.flood.admit(client, this.clock());
  }

  /**
   * With an Idempotency-Key, the submission's id (and its photo's key) derive from the client and
   * the key: a retry lands on the submission the first try stored, stores nothing, and answers the
   * same; without one, each request is a new submission.
   */
  async submit(form: ContactForm, photo: Uint8Array | null, idempotency: Idempotency | null): Promise<ContactSubmitResponse> {
    const submissionId = idempotency ? idempotentId('contact', idempotency.client, idempotency.key) : randomUUID();
    const upload = photo ? this.upload(photo, idempotency && submissionId) : null;
    const photoKey = upload?.key ?? null;
    // A photo this request stored that no submission points at yet.
    let stored: string | null = null;
    const submit = async (state: ContactState): Promise<Undated<SubmitContact>> => {
      // Stored only for a new submission: a retry (or a reused key) never writes a photo.
      if (upload && state.status === 'none' && !stored) stored = (await this.storePhoto(upload, idempotency !== null)) ? upload.key : null;
      // A racing retry of the same submission was recorded first with this photo: it is that one's now.
      if (state.status !== 'none' && state.submitted.photoKey === stored) stored = null;
      return { type: 'SubmitContact', data: { submissionId, form, photoKey } };
    };
    try {
      await this.run({ kind: 'visitor', id: null }, submissionId, submit);
    } catch (error) {
      // The event was not recorded (or is not known to be): no submission points at the photo. A
      // read model that is only late means it was recorded: the photo stays.
      if (stored && !(error instanceof ReadModelTimeoutError)) await this.forgetPhoto(stored);
      throw error;
    }
    return { id: submissionId };
  }

  async list(): Promise<ContactSubmissionListResponse> {
    return { items: (await this.submissions.all()).map(toContactSubmission) };
  }

  async newCount(): Promise<{ count: number }> {
    return { count: await this.submissions.countNew() };
  }

  async update(by: AuthenticatedStaff, id: string, request: UpdateContactSubmission): Promise<ContactSubmissionResponse> {
    if (!isUuid(id)) throw notFound();
    const command: ContactCommand =
      request.admin_reply !== undefined
        ? { type: 'ReplyToContact', data: { submissionId: id, reply: request.admin_reply } }
        : { type: 'ChangeContactStatus', data: { submissionId: id, status: request.status ?? 'read' } };
    await this.run(staffActor(by), id, command);
    const row = await this.submissions.byId(id);
    if (!row) throw notFound();
    return { item: toContactSubmission(row) };
  }

  async delete(by: AuthenticatedStaff, id: string): Promise<DeletedResponse> {
    if (!isUuid(id)) throw notFound();
    const { events } = await this.run(staffActor(by), id, { type: 'DeleteContact', data: { submissionId: id } });
    for (const event of events) {
      // The submission is gone either way; a photo left behind is only disk space.
      if (event.type === 'contact.deleted' && event.data.photoKey) await this.forgetPhoto(event.data.photoKey);
    }
    return { deleted: id };
  }

  async photo(id: string): Promise<StoredPhoto> {
    if (!isUuid(id)) throw notFound();
    const key = (await this.submissions.byId(id))?.photo_url;
    const photo = key ? await this.photos.get(key) : null;
    if (!photo) throw new ApiError(404, 'photo_not_found', 'This message has no photo');
    return photo;
  }

  private run(actor: Actor, id: string, command: CommandInput<ContactCommand, ContactState>) {
    return this.commands.execute(new DecideContact(contactSubmissionSubject(id), actor, command));
  }

  /** Checked, and named: a keyed submission's photo by its id and bytes, any other by chance and time. */
  private upload(bytes: Uint8Array, keyedId: string | null): Upload {
    const type = checkPhoto(bytes);
    const key = keyedId
      ? keyedContactPhotoKey(type, keyedId, createHash('sha256').update(bytes).digest('hex').slice(0, 16))
      : contactPhotoKey(type, randomBytes(8).toString('hex'), this.clock());
    return { bytes, type, key };
  }

  /**
   * False when the key is taken: for a keyed submission, a racing retry of it stored these very
   * bytes first (the key names them).
   */
  private async storePhoto({ key, bytes, type }: Upload, keyed: boolean): Promise<boolean> {
    try {
      await this.photos.put(key, bytes, PHOTO_CONTENT_TYPES[type]);
      return true;
    } catch (error) {
      if (keyed && error instanceof PhotoExistsError) return false;
      throw error;
    }
  }

  /** A photo no submission points at: deleted, or only warned about when it cannot be. */
  private async forgetPhoto(key: string): Promise<void> {
    await this.photos.delete(key).catch((cause: unknown) => this.logger.warn(`Photo ${key} left behind: ${String(cause)}`));
  }
}
