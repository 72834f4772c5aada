/**
 * Debian's Chromium, headless, quiet: no background traffic, no first-run UI. Apart from
 * chromium.ts (which registers Vitest hooks) so that benchmarks outside Vitest can launch it too.
 */
export const CHROMIUM_PATH = process.env.XSD_CHROMIUM ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
