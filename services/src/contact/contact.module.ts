import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { aggregateHandler } from '../event-sourcing/aggregate-handler.js';
import { contactSubmissionsProjection } from '../read-models/contact-submissions/contact-submissions.projection.js';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../core/injection-tokens.js';
import { openAttemptStore } from '../rate-limit/open-attempt-store.js';
import { SIGN_IN_LIMITS } from '../staff/sign-in-budget.js';
import { openPhotoStore } from '../uploads/open-photo-store.js';
import { PHOTO_STORE, type PhotoStore } from '../uploads/photo-store.js';
import { CONTACT_FLOOD_LIMIT, ContactFlood } from './contact-flood.js';
import { AdminContactController, ContactController } from './contact.controller.js';
import { ContactService } from './contact.service.js';
import { DecideContact } from './contact.commands.js';
import { contactDecider } from './contact.decider.js';

/** Closes the deployment's photo store with the application. */
class PhotoStoreCloser {
  constructor(private readonly store: PhotoStore) {}
  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}

/** The public contact form (POST /api/contact) and the staff's Contact Submissions tab. */
@Module({
  imports: [CqrsModule.forRoot()],
  controllers: [ContactController, AdminContactController],
  providers: [
    { provide: PHOTO_STORE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => openPhotoStore(config) },
    { provide: PhotoStoreCloser, inject: [PHOTO_STORE], useFactory: (store: PhotoStore) => new PhotoStoreCloser(store) },
    {
      provide: ContactFlood,
      inject: [APP_CONFIG],
      // The attempt bucket is shared with sign-in: its max age must cover both windows.
      useFactory: async (config: AppConfig) =>
        new ContactFlood(await openAttemptStore(config, Math.max(SIGN_IN_LIMITS.failureWindowMs, CONTACT_FLOOD_LIMIT.windowMs))),
    },
    ContactService,
    aggregateHandler(DecideContact, { decider: contactDecider, projection: contactSubmissionsProjection.name }),
  ],
  // The backup's export reads the photos too.
  exports: [PHOTO_STORE],
})
export class ContactModule {}
