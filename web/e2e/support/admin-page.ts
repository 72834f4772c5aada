import type { Page } from 'playwright-core';

/** Signs in on the /admin login screen and waits for the panel. */
export async function signInAtAdmin(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/admin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByTestId('admin-header').waitFor({ timeout: 15_000 });
}

/** The tab ids the panel's navigation offers, in order. */
export async function visibleTabs(page: Page): Promise<string[]> {
  return page
    .getByRole('navigation', { name: 'Admin sections' })
    .locator('a')
    .evaluateAll((links) => links.map((link) => (link.getAttribute('href') ?? '').split('#')[1] ?? ''));
}

/** Opens a tab with the keyboard-reachable link and waits for its section. */
export async function openTab(page: Page, id: string): Promise<void> {
  await page.getByTestId(`admin-tab-${id}`).click();
  await page.getByTestId(`admin-section-${id}`).waitFor();
}
