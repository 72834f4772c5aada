import type { BrowserContext } from 'playwright-core';

/**
 * The app's own prompts float over the page a few seconds after it loads: the notification card
 * or prompt (2-3 s, while the permission is undecided, as it is in a fresh headless Chromium) and
 * the Install App toast (3 s after Chromium offers installing, which it does for this app). Tests
 * of other screens browse as a returning visitor who answered them, so nothing covers what they
 * click; web/e2e/pwa.e2e.spec.ts and notifications.e2e.spec.ts test the prompts on a fresh profile.
 * Keys as in features/notifications/lib/prompt-rules.ts and features/pwa/lib/install-rules.ts.
 */
const FIRST_VISIT_CARD_SHOWN = 'notification-prompt-shown';
const LAST_SHOWN_KEYS = ['notification-prompt-last-shown', 'install-prompt-last-shown'] as const;

export async function markPromptsAnswered(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ({ flag, timestamps }: { readonly flag: string; readonly timestamps: readonly string[] }) => {
      try {
        if (localStorage.getItem(flag) === null) localStorage.setItem(flag, 'true');
        for (const key of timestamps) if (localStorage.getItem(key) === null) localStorage.setItem(key, String(Date.now()));
      } catch {
        // Pages without storage (about:blank, data: URLs) have no prompts either.
      }
    },
    { flag: FIRST_VISIT_CARD_SHOWN, timestamps: LAST_SHOWN_KEYS },
  );
}
