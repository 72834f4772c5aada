import { Inject, Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { contactSubmissionSubject } from '@xsd/contracts';
import { ITEM_ID, type DeletedResponse } from '@xsd/contracts/api/admin-content';
import {
  CONTACT_NOT_FOUND_MESSAGE,
  type ContactSubmissionListResponse,
  type ContactSubmissionResponse,
  type UpdateContactSubmission,
} from '@xsd/contracts/api/contact';
import { ApiError } from '../http/api-error.filter.js';
import { ContactSubmissionsRepository, toContactSubmission } from '../read-models/contact-submissions/contact-submissions.repository.js';
import { type AuthenticatedStaff, staffActor } from '../staff/staff.types.js';
import { PHOTO_STORE, type PhotoStore, type StoredPhoto } from '../uploads/photo-store.js';
import { DecideContact } from './contact.commands.js';
import type { ContactCommand } from './contact.decider.js';

const notFound = () => new ApiError(404, 'contact_submission_not_found', CONTACT_NOT_FOUND_MESSAGE);
const isUuid = (value: string) => ITEM_ID.safeParse(value).success;

/** The Contact Submissions tab: list, open/archive/reply, delete, and the photos. */
@Injectable()
export class AdminContactService {
  private readonly logger = new Logger('Contact');

  constructor(
    private readonly commands: CommandBus,
    @Inject(PHOTO_STORE) private readonly photos: PhotoStore,
    private readonly submissions: ContactSubmissionsRepository,
  ) {}

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
    await this.run(by, id, command);
    const row = await this.submissions.byId(id);
    if (!row) throw notFound();
    return { item: toContactSubmission(row) };
  }

  async delete(by: AuthenticatedStaff, id: string): Promise<DeletedResponse> {
    if (!isUuid(id)) throw notFound();
    const { events } = await this.run(by, id, { type: 'DeleteContact', data: { submissionId: id } });
    for (const event of events) {
      if (event.type === 'contact.deleted' && event.data.photoKey) {
        const key = event.data.photoKey;
        // The submission is gone either way; a photo left behind is only disk space.
        await this.photos.delete(key).catch((cause: unknown) => this.logger.warn(`Photo ${key} left behind: ${String(cause)}`));
      }
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

  private run(by: AuthenticatedStaff, id: string, command: ContactCommand) {
    return this.commands.execute(new DecideContact(contactSubmissionSubject(id), staffActor(by), command));
  }
}
