import type { BeforeInstallPromptEvent } from './install-rules';

let offer: BeforeInstallPromptEvent | null = null;
let keeping = false;

function keep(event: Event): void {
  // As the install prompt does: the toast asks instead of Chromium's own mini-infobar.
  event.preventDefault();
  offer = event as BeforeInstallPromptEvent;
}

/**
 * Catches Chromium's install offer from the page's first script on: the app itself starts after
 * the first paint (loader.ts) and may come after the offer, which Chromium makes only once.
 */
export function keepEarlyInstallOffer(): void {
  keeping = true;
  window.addEventListener('beforeinstallprompt', keep);
}

/** The offer made before the install prompt listened, if any; from now on the prompt listens itself. */
export function takeEarlyInstallOffer(): BeforeInstallPromptEvent | null {
  if (keeping) window.removeEventListener('beforeinstallprompt', keep);
  keeping = false;
  const early = offer;
  offer = null;
  return early;
}
