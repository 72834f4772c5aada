import type { Page } from 'playwright-core';

/** True when the page scrolls sideways: something is wider than the viewport. */
export function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/** The viewports every page is checked at: a laptop and a small phone. */
export const VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 375, height: 812 },
] as const;
