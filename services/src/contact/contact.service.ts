import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { contactSubmissionSubject } from '@xsd/contracts';
import {
  CONTACT_PHOTO_MAX_BYTES,
  CONTACT_PHOTO_TOO_LARGE_MESSAGE,
  CONTACT_PHOTO_TYPE_MESSAGE,
  type ContactForm,
  type ContactSubmitResponse,
  detectPhotoType,
  PHOTO_CONTENT_TYPES,
} from '@xsd/contracts/api/contact';
import { ApiError } from '../http/api-error.filter.js';
import { CLOCK, type Clock } from '../core/clock.js';
import { contactPhotoKey, PHOTO_STORE, type PhotoStore } from '../uploads/photo-store.js';
import { ContactFlood } from './contact-flood.js';
import { DecideContact } from './contact.commands.js';

/** The public contact form: stores the photo, then records the submission as an event. */
@Injectable()
export class ContactService {
  private readonly logger = new Logger('Contact');

  constructor(
    private readonly commands: CommandBus,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PHOTO_STORE) private readonly photos: PhotoStore,
    private readonly flood: ContactFlood,
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
      await this.commands.execute(
        new DecideContact(contactSubmissionSubject(submissionId), { kind: 'visitor', id: null }, {
          type: 'SubmitContact',
          data: { submissionId, form, photoKey },
        }),
      );
    } catch (error) {
      // The event was not recorded (or is not known to be): no submission points at the photo.
      if (photoKey) await this.photos.delete(photoKey).catch((cause: unknown) => this.logger.warn(`Photo ${photoKey} left behind: ${String(cause)}`));
      throw error;
    }
    return { id: submissionId };
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
}
