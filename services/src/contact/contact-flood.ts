import { CONTACT_TOO_MANY_MESSAGE } from '@xsd/contracts/api/contact';
import type { AttemptStore, AttemptWindow } from '../rate-limit/attempt-store.js';
import { ClientFlood } from '../rate-limit/client-flood.js';

/**
 * Messages one client may send per window. Every submission counts, refused ones too: a flood of
 * bad uploads costs the server as much as good ones. The window stays within the sign-in
 * budget's (the attempt bucket's max age is the longer of the two).
 */
export const CONTACT_FLOOD_LIMIT: AttemptWindow = { limit: 10, windowMs: 15 * 60_000 };

/** The deployment's count of contact submissions per client (shared by every API replica). */
export class ContactFlood extends ClientFlood {
  constructor(store: AttemptStore, window: AttemptWindow = CONTACT_FLOOD_LIMIT) {
    super(store, { prefix: 'contact', window, message: CONTACT_TOO_MANY_MESSAGE });
  }
}
