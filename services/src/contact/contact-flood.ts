import { CONTACT_TOO_MANY_MESSAGE } from '@xsd/contracts/api/contact';
import { ApiError } from '../api/api-error.filter.js';
import type { AttemptStore, AttemptWindow } from '../rate-limit/attempt-store.js';

/**
 * Messages one client may send per window. Every submission counts, refused ones too: a flood of
 * bad uploads costs the server as much as good ones. The window stays within the sign-in
 * budget's (the attempt bucket's max age is the longer of the two).
 */
export const CONTACT_FLOOD_LIMIT: AttemptWindow = { limit: 10, windowMs: 15 * 60_000 };

/** The deployment's count of contact submissions per client (shared by every API replica). */
export class ContactFlood {
  constructor(
    /** Owned: closed with the application. */
    private readonly store: AttemptStore,
    private readonly window: AttemptWindow = CONTACT_FLOOD_LIMIT,
  ) {}

  /** Takes a place for `client`, or throws 429 in the JSON error shape. */
  async admit(client: string, now: Date): Promise<void> {
    const { added } = await this.store.add(`contact:${client}`, now, this.window);
    if (!added) throw new ApiError(429, 'too_many_requests', CONTACT_TOO_MANY_MESSAGE);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
