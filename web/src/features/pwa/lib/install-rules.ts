import { SECOND } from '../../../config/site';

/** Spec section 9: the install prompt 3 s after the browser offers installing, at most once in 7 days. */
export const INSTALL_PROMPT_DELAY_MS = 3 * SECOND;
export const INSTALL_PROMPT_REPEAT_MS = 604_800_000;
/** Spec section 3: when the install prompt was last accepted or dismissed, epoch ms. */
export const INSTALL_PROMPT_LAST_SHOWN_KEY = 'install-prompt-last-shown';

/** Not shown in the last 7 days (or never). */
export function installPromptDue(lastShown: number | null, now: number): boolean {
  return lastShown === null || now - lastShown >= INSTALL_PROMPT_REPEAT_MS;
}

/** Chromium's `beforeinstallprompt` event (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ readonly outcome: 'accepted' | 'dismissed'; readonly platform: string }>;
}

/** The three steps of installing from Safari or Brave on iOS (spec section 2). */
export const IOS_INSTALL_STEPS = [
  'Tap the Share button in the toolbar.',
  "Scroll down and choose 'Add to Home Screen'.",
  "Tap 'Add' to confirm.",
] as const;
