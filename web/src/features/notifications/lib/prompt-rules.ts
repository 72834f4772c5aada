import { SECOND } from '../../../config/site';
import type { NotificationAccess } from './permission';
import type { PushAvailability } from './push-environment';

/** Spec section 9: the first-visit card after 3 s; the overlay prompt after 2 s, again after 3 days. */
export const FIRST_VISIT_CARD_DELAY_MS = 3 * SECOND;
export const NOTIFICATION_PROMPT_DELAY_MS = 2 * SECOND;
export const NOTIFICATION_PROMPT_REPEAT_MS = 259_200_000;

/** The 'notification prompt shown flag' of spec section 3 (the first-visit card's; the spec does not name the key). */
export const FIRST_VISIT_CARD_SHOWN_KEY = 'notification-prompt-shown';
/** When the overlay prompt was last dismissed, epoch ms (spec section 3). */
export const NOTIFICATION_PROMPT_LAST_SHOWN_KEY = 'notification-prompt-last-shown';

export type NotificationPromptKind = 'first-visit-card' | 'notification-prompt';

export interface PromptFacts {
  readonly availability: PushAvailability;
  readonly permission: NotificationAccess;
  /** The first-visit card was answered (Maybe Later or closed) on an earlier visit. */
  readonly firstVisitCardShown: boolean;
  /** Epoch ms the overlay prompt was last dismissed, or null. */
  readonly promptLastShown: number | null;
  readonly now: number;
}

export interface PromptPlan {
  readonly kind: NotificationPromptKind;
  readonly delayMs: number;
}

/**
 * Which notification prompt this page load shows, and when; null for none. Both ask only while
 * the permission is undecided: 'default', or on an iPhone tab where there is no permission to ask
 * yet (its Enable opens the iPhone guide). Never on unsupported browsers or preview hosts.
 *
 * Only one of the two per load: on a first visit both would be due (the overlay at 2 s, the card
 * at 3 s), and two cards asking the same thing a second apart is the spam the feature must avoid.
 * The first-visit card wins while it was never answered; the overlay prompt's 3-day clock starts
 * only from its own dismissal, so it comes on a later visit.
 */
export function planNotificationPrompt(facts: PromptFacts): PromptPlan | null {
  const askable =
    (facts.availability === 'available' && facts.permission === 'default') || facts.availability === 'ios-install';
  if (!askable) return null;
  if (!facts.firstVisitCardShown) return { kind: 'first-visit-card', delayMs: FIRST_VISIT_CARD_DELAY_MS };
  if (facts.promptLastShown === null || facts.now - facts.promptLastShown > NOTIFICATION_PROMPT_REPEAT_MS) {
    return { kind: 'notification-prompt', delayMs: NOTIFICATION_PROMPT_DELAY_MS };
  }
  return null;
}
