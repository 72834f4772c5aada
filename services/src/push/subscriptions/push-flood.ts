import { PUSH_MESSAGES } from '@xsd/contracts/api/alerts';
import type { AttemptStore, AttemptWindow } from '../../rate-limit/attempt-store.js';
import { ClientFlood } from '../../rate-limit/client-flood.js';

/**
 * Subscription saves and removals one client may make per window. A browser saves on each change
 * of its alerts or preferences, so a person stays far below this; a script writing endpoints does
 * not. The window stays within the sign-in budget's (the shared attempt bucket's max age).
 */
export const PUSH_FLOOD_LIMIT: AttemptWindow = { limit: 60, windowMs: 15 * 60_000 };

/** The deployment's count of subscription changes per client (shared by every API replica). */
export class PushFlood extends ClientFlood {
  constructor(store: AttemptStore, window: AttemptWindow = PUSH_FLOOD_LIMIT) {
    super(store, { prefix: 'push', window, message: PUSH_MESSAGES.tooManyRequests });
  }
}
