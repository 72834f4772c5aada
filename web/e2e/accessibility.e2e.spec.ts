/**
 * Accessibility end to end (issue 20), on the built app in Chromium with stored content present:
 * - axe-core, injected with the pages' Content-Security-Policy kept, finds no violation of any
 *   impact (WCAG 2.2 A and AA rules and axe's best practices) on every public screen, every
 *   /admin tab and every modal or overlay of the spec, at 1366 and 375 px;
 * - the dashboard, an alert, the contact form and an admin edit work with Tab, Shift+Tab, Enter
 *   and Space alone (and typing into fields), the focus visible at every stop;
 * - with prefers-reduced-motion nothing moves (no CSS animation, no confetti, no frame loop), and
 *   a live price change reaches the dashboard's polite live region (its once-a-minute throttle is
 *   proven in features/prices/lib/price-announcements.unit.spec.ts).
 * One stack for the file.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { readXsdPrice, setXsdPrice } from '@xsd/services/testing/devnet-prices';
import { type SmtpReceiver, startSmtpReceiver } from '@xsd/services/testing/smtp-receiver';
import { type RunningStack, startStack } from '@xsd/services/testing/stack';
import { waitFor } from '@xsd/services/testing/wait-for';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../src/config/routes';
import { type AdminApi, adminApi } from './support/admin-api';
import { openTab, signInAtAdmin, visibleTabs } from './support/admin-page';
import { type Browser, launchChromium } from './support/chromium';
import { VIEWPORTS } from './support/page-checks';
import { PUBLIC_PATHS } from './support/screens';
import { CONTACT_SUCCESS_TITLE } from '@xsd/contracts/api/contact';
import { CONTACT_PHOTO_PNG, CONTACT_VISITOR, storeContent } from './support/stored-content';

const SUPER = { email: 'e2e-a11y@silverboard.test', password: 'e2e-a11y-password' };
/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices (landmarks, heading order...). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const AXE_SOURCE = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let stack: RunningStack;
let smtp: SmtpReceiver;
let browser: Browser;
let page: Page;
let listener: Page;
let api: AdminApi;

beforeAll(async () => {
  // Mail on (a loopback SMTP server), so that the login page offers 'Forgot Password'.
  smtp = await startSmtpReceiver();
  stack = await startStack({
    env: {
      XSD_ADMIN_EMAIL: SUPER.email,
      XSD_ADMIN_PASSWORD: SUPER.password,
      XSD_DEVNET_TICK_MS: String(3_600_000),
      XSD_SMTP_URL: smtp.url,
      XSD_MAIL_FROM: 'noreply@silverboard.test',
    },
  });
  await waitFor(async () => (await fetch(`${stack.url}/api/prices/latest`)).status === 200, { timeoutMs: 60_000, intervalMs: 250, message: 'the first prices' });
  api = await adminApi(stack.url, SUPER.email, SUPER.password);
  await storeContent(stack.url, api);
  browser = await launchChromium();
  page = await browser.context.newPage();
  // A visitor on the dashboard the whole file long, for the live price change made now: the
  // ingestor reads the chains every 30 s, so it is heard by the time the last tests look.
  listener = await (await launchChromium()).context.newPage();
  await listener.goto(`${stack.url}/`);
  await listener.locator('[data-testid="live-state"][data-state="connected"]').waitFor();
  await setXsdPrice(stack.devnetBasePort, 'BSC', Number(((await readXsdPrice(stack.devnetBasePort, 'BSC')) * 1.02).toFixed(6)));
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await smtp?.close();
});

interface Finding {
  readonly where: string;
  readonly rule: string;
  readonly impact: string | null;
  readonly nodes: readonly string[];
}

/**
 * axe-core's violations on the page as it is now, scoped to `within` when given (an open modal:
 * the page behind it is inert). The source goes in through the DevTools protocol, as an
 * extension's would, so the page's CSP stays in force.
 */
async function axe(where: string, within?: string): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const results = (await page.evaluate(
    ({ tags, context }) => (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<unknown> } }).axe.run(context ?? document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    { tags: AXE_TAGS, context: within ?? null },
  )) as { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
  return results.violations.map((violation) => ({ where, rule: violation.id, impact: violation.impact, nodes: violation.nodes.map((node) => node.target.join(' ')) }));
}

/** The page's data is in: no loading line left anywhere, and the web fonts are in (contrast depends on them). */
async function settled(): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.page-loading') && !/Loading\b/.test(document.body.innerText), undefined, { timeout: 20_000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function visit(path: string, marker?: string): Promise<void> {
  await page.goto(`${stack.url}${path}`);
  if (marker) await page.locator(marker).first().waitFor({ timeout: 20_000 });
  await settled();
}

/** Opens a modal or overlay by a click, scans it, closes it with Escape. */
async function scanDialog(where: string, opener: Locator, dialog: string, findings: Finding[]): Promise<void> {
  await opener.click();
  await page.locator(dialog).waitFor();
  await settled();
  findings.push(...(await axe(where, dialog)));
  await page.keyboard.press('Escape');
  await page.locator(dialog).waitFor({ state: 'hidden' });
}

/** Where a screen's stored or live data shows, so the scan sees it and not a placeholder. */
const MARKERS: Partial<Record<(typeof PUBLIC_PATHS)[number], string>> = {
  '/': '[data-testid="news-banner"]',
  '/calendar': '[data-testid="day-cell"] .month__event',
  '/silver-price': '[data-testid="peg-Ethereum"] [data-testid="peg-current"]',
};

const summary = (findings: readonly Finding[]) => findings.map((f) => `${f.where}: ${f.rule} (${f.impact}) x${f.nodes.length} ${f.nodes.slice(0, 3).join(' | ')}`);

describe('axe-core: no violations', () => {
  it('the public screens list is every routed page', () => {
    const routed = ROUTES.filter((route) => route.routed && route.path !== '/admin').map((route) => route.path);
    expect(PUBLIC_PATHS.filter((path) => path !== '/gas-tracker')).toEqual(routed);
  });

  for (const { width, height } of VIEWPORTS) {
    it(`every public screen and its modals at ${width} px`, async () => {
      await page.setViewportSize({ width, height });
      const findings: Finding[] = [];
      for (const path of PUBLIC_PATHS) {
        await visit(path, MARKERS[path]);
        findings.push(...(await axe(path)));
      }

      await visit('/', MARKERS['/']);
      for (const token of ['XSD', 'BankX']) await page.getByTestId(`toggle-${token}`).click();
      await page.locator('.price-card--maintenance').first().waitFor();
      findings.push(...(await axe('price cards', '#main')));
      await scanDialog('customize', page.getByTestId('customize'), '[data-testid="customize-modal"]', findings);
      await scanDialog('notification settings', page.getByTestId('notifications-button'), '[data-testid="notification-settings"]', findings);
      await page.getByRole('button', { name: /^Dismiss announcement/ }).first().click();
      await scanDialog('restore announcements', page.getByTestId('dismissed-badge'), '[data-testid="dismissed-announcements"]', findings);
      await page.getByTestId('dismissed-badge').click();
      await page.getByRole('button', { name: 'Restore All Announcements' }).click();
      if (width < 1024) {
        await page.getByTestId('menu-toggle').click();
        await page.locator('#sidebar[data-open="true"]').waitFor();
        findings.push(...(await axe('menu drawer', '#sidebar')));
        await page.keyboard.press('Escape');
      }

      await visit('/calendar', MARKERS['/calendar']);
      await scanDialog('event dialog', page.locator('[data-testid="day-cell"] .month__event').first(), '[data-testid="event-dialog"]', findings);
      await scanDialog('day dialog', page.locator('[data-testid="day-cell"] .month__more').first(), '[data-testid="day-dialog"]', findings);

      await visit('/price-alerts');
      for (const kind of ['token', 'silver', 'calendar']) await page.getByTestId(`create-${kind}-alert`).click();
      await settled();
      findings.push(...(await axe('alert forms', '#main')));
      await scanDialog('iOS setup guide', page.getByTestId('ios-guide-button'), '[data-testid="ios-setup-guide"]', findings);

      await visit('/contact');
      await page.getByTestId('contact-photo-input').setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: CONTACT_PHOTO_PNG });
      await page.getByTestId('contact-photo-preview').waitFor();
      findings.push(...(await axe('contact photo preview', '#main')));

      await visit('/arbitrage-hunter');
      await scanDialog('arbitrage settings', page.getByTestId('open-settings'), '[data-testid="arbitrage-settings"]', findings);

      expect(summary(findings)).toEqual([]);
    });

    it(`the admin sign-in, every /admin tab and their overlays at ${width} px`, async () => {
      await page.setViewportSize({ width, height });
      const findings: Finding[] = [];
      await page.context().clearCookies();
      await visit('/admin', 'form');
      findings.push(...(await axe('admin sign-in')));
      await page.getByRole('button', { name: 'Forgot Password' }).click();
      await page.getByTestId('forgot-password-form').getByLabel('Email').fill(`nobody-${width}@silverboard.test`);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByTestId('forgot-password-sent').waitFor();
      findings.push(...(await axe('forgot password form')));
      await visit('/admin?reset=not-a-link', '[data-testid="reset-password-form"]');
      findings.push(...(await axe('reset password form')));
      await page.getByLabel('New password', { exact: true }).fill('a new passphrase 1');
      await page.getByLabel('Confirm new password').fill('a new passphrase 2');
      await page.getByTestId('reset-password-form').locator('.field__error').waitFor();
      await page.getByLabel('Confirm new password').fill('a new passphrase 1');
      await page.getByRole('button', { name: 'Set New Password' }).click();
      await page.getByTestId('reset-password-error').waitFor();
      findings.push(...(await axe('reset password form with errors')));
      await signInAtAdmin(page, stack.url, SUPER.email, SUPER.password);
      for (const tab of await visibleTabs(page)) {
        await openTab(page, tab);
        await settled();
        findings.push(...(await axe(`admin ${tab}`)));
      }

      await openTab(page, 'contact_submissions');
      await page.getByRole('button', { name: new RegExp(CONTACT_VISITOR.name) }).first().click();
      await page.getByTestId('contact-detail-photo').waitFor();
      findings.push(...(await axe('admin contact details', '[data-testid="contact-details"]')));
      await scanDialog('photo overlay', page.getByRole('button', { name: `Open the photo from ${CONTACT_VISITOR.name}` }), '[data-testid="contact-photo-overlay"]', findings);

      await openTab(page, 'users');
      await page.getByRole('button', { name: '+ Add User' }).click();
      findings.push(...(await axe('admin user form', '#admin-main')));
      await page.getByTestId('user-form').getByLabel('Email').fill(`e2e-a11y-${width}@silverboard.test`);
      await page.getByRole('button', { name: 'Create User' }).click();
      await page.getByTestId('credentials-password').waitFor();
      findings.push(...(await axe('credentials view', '#admin-main')));
      await page.getByRole('button', { name: 'Back' }).click();

      await openTab(page, 'passwords');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await page.getByTestId('change-password-form').waitFor();
      findings.push(...(await axe('change password', '#admin-main')));

      expect(summary(findings)).toEqual([]);
    });
  }
});

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, checking at every stop that
 * the focused element is drawn with a focus indicator (an outline or a box shadow) and has a size.
 */
async function tabTo(keys: Page, target: Locator, { back = false, maxStops = 80 } = {}): Promise<void> {
  await target.waitFor();
  for (let stop = 0; stop < maxStops; stop += 1) {
    await keys.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const problem = await keys.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return 'nothing has the focus';
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      const name = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
      if (box.width === 0 || box.height === 0) return `${name} has the focus but no size`;
      const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      return outlined || style.boxShadow !== 'none' ? null : `${name} (${element.getAttribute('type') ?? ''} ${element.className}) shows no focus indicator`;
    });
    expect(problem).toBeNull();
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${String(target)} not reached in ${maxStops} ${back ? 'Shift+Tab' : 'Tab'} stops`);
}

describe('keyboard alone, the focus visible at every stop', () => {
  let keys: Page;
  beforeAll(async () => {
    keys = await (await launchChromium({ width: 1366, height: 900 })).context.newPage();
  });

  it('the dashboard: skip link, then the customize modal hides a widget and saves', async () => {
    await keys.goto(`${stack.url}/`);
    await keys.locator('[data-testid="news-banner"]').first().waitFor();
    await tabTo(keys, keys.getByRole('link', { name: 'Skip to content' }), { maxStops: 1 });
    await keys.keyboard.press('Enter');
    await tabTo(keys, keys.getByTestId('customize'));
    await keys.keyboard.press('Enter');
    const modal = keys.getByTestId('customize-modal');
    await tabTo(keys, modal.getByRole('button', { name: 'AI Prediction (Beta): visible, hide it' }));
    await keys.keyboard.press('Space');
    await tabTo(keys, modal.getByRole('button', { name: 'Save Preferences' }));
    await tabTo(keys, modal.getByRole('button', { name: 'Cancel' }), { back: true });
    await tabTo(keys, modal.getByRole('button', { name: 'Save Preferences' }));
    await keys.keyboard.press('Enter');
    await modal.getByRole('heading').waitFor({ state: 'detached' });
    expect(await keys.getByTestId('widget-ai-prediction').count()).toBe(0);
  });

  it('a token price alert created from /price-alerts', async () => {
    await keys.goto(`${stack.url}/price-alerts`);
    await tabTo(keys, keys.getByTestId('create-token-alert'));
    await keys.keyboard.press('Enter');
    const form = keys.getByTestId('token-alert-form');
    await tabTo(keys, form.getByLabel('Price (USD)'));
    await keys.keyboard.type('2.5');
    await tabTo(keys, form.getByRole('button', { name: 'Create Alert' }));
    await keys.keyboard.press('Enter');
    await keys.getByTestId('token-alerts').getByTestId('alert-item').waitFor();
    expect(await keys.getByTestId('alerts-counter').textContent()).toBe('1 of 1 alerts active');
  });

  it('the contact form sent', async () => {
    await keys.goto(`${stack.url}/contact`);
    const form = keys.getByTestId('contact-form');
    await tabTo(keys, form.getByLabel('Full Name *'));
    await keys.keyboard.type('Grace Hopper');
    await tabTo(keys, form.getByLabel('Email *'));
    await keys.keyboard.type('grace@example.com');
    await tabTo(keys, form.getByLabel('Subject *'));
    await keys.keyboard.type('Bug');
    await tabTo(keys, form.getByLabel('Message *'));
    await keys.keyboard.type('Sent with the keyboard alone.');
    await tabTo(keys, keys.getByTestId('contact-submit'));
    await keys.keyboard.press('Enter');
    await keys.getByText(CONTACT_SUCCESS_TITLE).waitFor();
  });

  it('an admin signs in and edits a news item', async () => {
    await keys.goto(`${stack.url}/admin`);
    await tabTo(keys, keys.getByLabel('Email'));
    await keys.keyboard.type(SUPER.email);
    await tabTo(keys, keys.getByLabel('Password', { exact: true }));
    await keys.keyboard.type(SUPER.password);
    await keys.keyboard.press('Enter');
    await keys.getByTestId('admin-header').waitFor();
    await tabTo(keys, keys.getByTestId('admin-tab-breaking_news'));
    await keys.keyboard.press('Enter');
    await tabTo(keys, keys.getByRole('button', { name: 'Edit news item New network listed' }));
    await keys.keyboard.press('Enter');
    const title = keys.getByTestId('news-form').getByLabel('Title *');
    await tabTo(keys, title, { back: true });
    await keys.keyboard.press('End');
    await keys.keyboard.type(' (edited)');
    await tabTo(keys, keys.getByRole('button', { name: 'Save Changes' }));
    await keys.keyboard.press('Enter');
    await keys.getByTestId('news-item').filter({ hasText: 'New network listed (edited)' }).waitFor();
  });
});

/** CSS animations running now (finished ones, as reduced motion leaves them, are not). */
const runningAnimations = (on: Page) =>
  on.evaluate(() => document.getAnimations().filter((animation) => animation.playState === 'running').map((animation) => (animation as CSSAnimation).animationName ?? 'script'));

/**
 * Whether page code asked for a new frame in each of two frames: what an animation loop (confetti,
 * a chart's) does. Counts through the wrapper `countFrames` puts in before the page's scripts.
 */
const frameLoopRunning = (on: Page) =>
  on.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const counter = window as unknown as { __frameRequests: number };
        const before = counter.__frameRequests;
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(counter.__frameRequests - before > 2)));
      }),
  );

describe('live prices for screen readers, and prefers-reduced-motion: reduce', () => {
  it("announces the live price change in the dashboard's polite live region", async () => {
    const region = listener.getByTestId('price-announcer');
    expect(await region.getAttribute('aria-live')).toBe('polite');
    await expect.poll(() => region.textContent(), { timeout: 70_000 }).toMatch(/^Prices updated: .*XSD \$[\d.]+ (on BSC|to \$[\d.]+ on \d networks)/);
  });

  it('stops the pulses, the confetti at the end of maintenance and any frame loop; a visitor without it sees both', async () => {
    const calm = await (await launchChromium({ width: 1366, height: 900 })).context.newPage();
    await calm.emulateMedia({ reducedMotion: 'reduce' });
    await calm.addInitScript(() => {
      const counter = window as unknown as { __frameRequests: number };
      counter.__frameRequests = 0;
      const request = window.requestAnimationFrame.bind(window);
      window.requestAnimationFrame = (callback) => {
        counter.__frameRequests += 1;
        return request(callback);
      };
    });
    await calm.goto(`${stack.url}/silver-price`);
    await calm.locator('[data-testid="silver-chart"] canvas').first().waitFor();
    expect(await runningAnimations(calm)).toEqual([]);
    expect(await frameLoopRunning(calm)).toBe(false);

    for (const on of [calm, page]) {
      await on.goto(`${stack.url}/`);
      await on.locator('[data-testid="live-state"][data-state="connected"]').waitFor();
    }
    expect(await runningAnimations(calm)).toEqual([]);
    await api.request('PUT', '/api/admin/site', { maintenance_mode: true, maintenance_title: 'Upgrading', maintenance_message: 'Back soon.' });
    for (const on of [calm, page]) await on.getByTestId('maintenance-screen').waitFor({ timeout: 20_000 });
    expect(await runningAnimations(page)).toContain('pulse');
    expect(await runningAnimations(calm)).toEqual([]);
    expect(await axe('maintenance screen')).toEqual([]);

    await api.request('PUT', '/api/admin/site', { maintenance_mode: false });
    // Started, confetti sizes its canvas to the window; left alone it keeps the default 300 x 150.
    const canvasSize = (on: Page) => on.getByTestId('confetti').evaluate((canvas: HTMLCanvasElement) => [canvas.width, canvas.height]);
    await page.getByTestId('confetti').waitFor({ state: 'attached', timeout: 20_000 });
    expect(await canvasSize(page)).not.toEqual([300, 150]);
    await calm.getByTestId('confetti').waitFor({ state: 'attached', timeout: 20_000 });
    expect(await canvasSize(calm)).toEqual([300, 150]);
    expect(await frameLoopRunning(calm)).toBe(false);
    await calm.getByTestId('page-dashboard').waitFor();
    expect(await runningAnimations(calm)).toEqual([]);
  });
});
