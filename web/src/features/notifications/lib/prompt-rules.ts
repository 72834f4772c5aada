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

const askable = (facts: PromptFacts): boolean =>
  (facts.availability === 'available' && facts.permission === 'default') || facts.availability === 'ios-install';

/**
 * The notification prompts this page load shows, and when, each by its own rule of the spec; both
 * ask only while the permission is undecided: 'default', or on an iPhone tab where there is no
 * permission to ask yet (its Enable opens the iPhone guide). Never on unsupported browsers or
 * preview hosts.
 * - the first-visit card: after 3 s while it was never answered (Maybe Later or close);
 * - the overlay prompt: after 2 s while its last dismissal is more than 3 days old (or none).
 * On a first visit both are due; they stack as two toasts, and answering one leaves the other.
 */
export function planNotificationPrompts(facts: PromptFacts): PromptPlan[] {
  if (!askable(facts)) return [];
  const plans: PromptPlan[] = [];
  if (facts.promptLastShown === null || facts.now - facts.promptLastShown > NOTIFICATION_PROMPT_REPEAT_MS) {
    plans.push({ kind: 'notification-prompt', delayMs: NOTIFICATION_PROMPT_DELAY_MS });
  }
  if (!facts.firstVisitCardShown) plans.push({ kind: 'first-visit-card', delayMs: FIRST_VISIT_CARD_DELAY_MS });
  return plans;
}
