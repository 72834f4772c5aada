import { randomBytes, randomUUID } from 'node:crypto';
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
  type UpdateContactSubmission,
} from '@xsd/contracts/api/contact';
import { CLOCK, type Clock } from '../core/clock.js';
import { ApiError } from '../http/api-error.filter.js';
import { ContactSubmissionsRepository, toContactSubmission } from '../read-models/contact-submissions/contact-submissions.repository.js';
import { type AuthenticatedStaff, staffActor } from '../staff/staff.types.js';
import { contactPhotoKey, PHOTO_STORE, type PhotoStore, type StoredPhoto } from '../uploads/photo-store.js';
import { ContactFlood } from './contact-flood.js';
import { DecideContact } from './contact.commands.js';
import type { ContactCommand } from './contact.decider.js';

const notFound = () => new ApiError(404, 'contact_submission_not_found', CONTACT_NOT_FOUND_MESSAGE);
const isUuid = (value: string) => ITEM_ID.safeParse(value).success;

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

  async submit(form: ContactForm, photo: Uint8Array | null): Promise<ContactSubmitResponse> {
    const now = this.clock();
    const photoKey = photo ? await this.storePhoto(photo, now) : null;
    const submissionId = randomUUID();
    try {
      await this.run({ kind: 'visitor', id: null }, submissionId, { type: 'SubmitContact', data: { submissionId, form, photoKey } });
    } catch (error) {
      // The event was not recorded (or is not known to be): no submission points at the photo.
      if (photoKey) await this.forgetPhoto(photoKey);
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

  private run(actor: Actor, id: string, command: ContactCommand) {
    return this.commands.execute(new DecideContact(contactSubmissionSubject(id), actor, command));
  }

  /** Judged by its bytes alone: the name and declared type a browser sends prove nothing. */
  private async storePhoto(photo: Uint8Array, now: Date): Promise<string> {
    if (photo.length > CONTACT_PHOTO_MAX_BYTES) throw new ApiError(413, 'photo_too_large', CONTACT_PHOTO_TOO_LARGE_MESSAGE);
    const type = detectPhotoType(photo);
    if (!type) throw new ApiError(400, 'invalid_photo', CONTACT_PHOTO_TYPE_MESSAGE);
    const key = contactPhotoKey(type, randomBytes(8).toString('hex'), now);
    await this.photos.put(key, photo, PHOTO_CONTENT_TYPES[type]);
    return key;
  }

  /** A photo no submission points at: deleted, or only warned about when it cannot be. */
  private async forgetPhoto(key: string): Promise<void> {
    await this.photos.delete(key).catch((cause: unknown) => this.logger.warn(`Photo ${key} left behind: ${String(cause)}`));
  }
}
