/**
 * /price-alerts end to end: the built web app on the running stack (embedded, devnet), in Debian's
 * Chromium. A visitor creates a token, a silver and a calendar alert through the forms, toggles
 * and deletes them with the counter, the header badge and the menu dot following, and finds them
 * after a reload; then the in-tab checker fires crossed alerts as notifications (permission
 * granted to the origin; every notification the page shows is recorded by an init script).
 */
import type { CreateCalendarEventRequest } from '@xsd/contracts/api/admin-calendar';
import type { CalendarEventsResponse } from '@xsd/contracts/api/calendar';
import type { LoginResponse } from '@xsd/contracts/api/auth';
import { ALERT_RETRIGGER_GAP_MS, type AlertLists } from '@xsd/contracts/api/alerts';
import { type RunningStack, startStack } from '@xsd/services/testing/stack';
import { waitFor } from '@xsd/services/testing/wait-for';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, collectConsoleErrors, type ConsoleProblem, launchChromium } from './support/chromium';
import { firstSilverReading } from './support/first-readings';

const ADMIN = { email: 'e2e-alerts@silverboard.test', password: 'e2e-alerts-password' };
const SOON_EVENT = 'Alerts e2e launch';
const LATER_EVENT = 'Alerts e2e AMA';
let stack: RunningStack;
let browser: Browser;
let eventIds: Record<string, string>;

const pad = (n: number) => String(n).padStart(2, '0');
/** The calendar's date and time fields, local to this machine (Chromium runs in the same zone). */
function localStart(at: Date): Pick<CreateCalendarEventRequest, 'start_date' | 'start_time'> {
  return { start_date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`, start_time: `${pad(at.getHours())}:${pad(at.getMinutes())}` };
}

beforeAll(async () => {
  stack = await startStack({
    env: { XSD_ADMIN_EMAIL: ADMIN.email, XSD_ADMIN_PASSWORD: ADMIN.password, XSD_DEVNET_TICK_MS: String(3_600_000) },
  });
  await firstSilverReading(stack);
  const login = await fetch(`${stack.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...ADMIN, kind: 'bearer' }),
  });
  const { token } = (await login.json()) as LoginResponse;
  const events: CreateCalendarEventRequest[] = [
    // Starts in about 10 minutes: a 15-minute reminder is due at once, a 5-minute one is not.
    { title: SOON_EVENT, type: 'event', ...localStart(new Date(Date.now() + 10 * 60_000)) },
    { title: LATER_EVENT, type: 'announcement', ...localStart(new Date(Date.now() + 3 * 86_400_000)) },
  ];
  for (const event of events) {
    const response = await fetch(`${stack.url}/api/admin/calendar-events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(event),
    });
    if (response.status !== 201) throw new Error(`POST /api/admin/calendar-events answered ${response.status}: ${await response.text()}`);
  }
  const listed = (await (await fetch(`${stack.url}/api/calendar/events`)).json()) as CalendarEventsResponse;
  eventIds = Object.fromEntries(listed.items.map((e) => [e.title, e.id]));
  browser = await launchChromium();
  await browser.context.grantPermissions(['notifications'], { origin: stack.url });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

interface Recorded {
  readonly via: 'page' | 'worker';
  readonly title: string;
  readonly body?: string;
  readonly tag?: string;
}

/** Records every notification the page shows, through `new Notification` or a worker registration. */
function recordNotifications() {
  const w = window as unknown as { __notifications: unknown[] };
  w.__notifications = [];
  const Original = window.Notification;
  class Recording extends Original {
    constructor(title: string, options?: NotificationOptions) {
      w.__notifications.push({ via: 'page', title, body: options?.body, tag: options?.tag });
      super(title, options);
    }
    static override get permission() {
      return Original.permission;
    }
    static override requestPermission(callback?: NotificationPermissionCallback) {
      return Original.requestPermission(callback);
    }
  }
  window.Notification = Recording;
  if (typeof ServiceWorkerRegistration !== 'undefined') {
    const show = ServiceWorkerRegistration.prototype.showNotification;
    ServiceWorkerRegistration.prototype.showNotification = function (title: string, options?: NotificationOptions) {
      w.__notifications.push({ via: 'worker', title, body: options?.body, tag: options?.tag });
      return show.call(this, title, options);
    };
  }
}

async function newPage(): Promise<{ page: Page; problems: ConsoleProblem[] }> {
  const page = await browser.context.newPage();
  await page.addInitScript(recordNotifications);
  return { page, problems: collectConsoleErrors(page) };
}

const notifications = (page: Page) => page.evaluate(() => (window as unknown as { __notifications: Recorded[] }).__notifications);
const storedLists = (page: Page) =>
  page.evaluate(() => ({
    token: JSON.parse(localStorage.getItem('price-alerts') ?? '[]'),
    silver: JSON.parse(localStorage.getItem('silver-alerts') ?? '[]'),
    calendar: JSON.parse(localStorage.getItem('calendar-alerts') ?? '[]'),
  })) as Promise<AlertLists>;
/**
 * Changes the stored lists from a document of the origin that does not run the app (so no checker
 * of the page being left can act on the change first), then opens `path`.
 */
async function editStorageThenOpen(page: Page, edit: (arg: number) => void, arg: number, path: string): Promise<void> {
  await page.goto(`${stack.url}/favicon.svg`);
  await page.evaluate(edit, arg);
  await page.goto(`${stack.url}${path}`);
}

const counter = (page: Page) => page.getByTestId('alerts-counter').textContent();
const badge = (page: Page) => page.getByTestId('active-alerts-badge').textContent();

async function createTokenAlert(page: Page, alert: { token: string; chain: string; condition: string; price: string }) {
  await page.getByTestId('create-token-alert').click();
  const form = page.getByTestId('token-alert-form');
  await form.getByRole('combobox', { name: 'Network' }).locator('option', { hasText: alert.chain }).waitFor({ state: 'attached' });
  await form.getByRole('combobox', { name: 'Token' }).selectOption(alert.token);
  await form.getByRole('combobox', { name: 'Network' }).selectOption(alert.chain);
  await form.getByRole('combobox', { name: 'Condition' }).selectOption(alert.condition);
  await form.getByRole('spinbutton', { name: /Price/ }).fill(alert.price);
  await form.getByRole('button', { name: 'Create Alert' }).click();
  await form.waitFor({ state: 'detached' });
}

async function createSilverAlert(page: Page, condition: string, price: string) {
  await page.getByTestId('create-silver-alert').click();
  const form = page.getByTestId('silver-alert-form');
  await form.getByRole('combobox', { name: 'Condition' }).selectOption(condition);
  await form.getByRole('spinbutton', { name: /Price/ }).fill(price);
  await form.getByRole('button', { name: 'Create Alert' }).click();
  await form.waitFor({ state: 'detached' });
}

async function createCalendarAlert(page: Page, eventTitle: string, reminder: string) {
  await page.getByTestId('create-calendar-alert').click();
  const form = page.getByTestId('calendar-alert-form');
  const submit = form.getByRole('button', { name: 'Create Alert' });
  const choose = form.getByRole('combobox', { name: 'Event' });
  await choose.locator(`option[value="${eventIds[eventTitle]}"]`).waitFor({ state: 'attached' });
  expect(await submit.isDisabled()).toBe(true);
  expect(await form.getByRole('combobox', { name: 'Remind me' }).inputValue()).toBe('15');
  await choose.selectOption(eventIds[eventTitle]!);
  await form.getByRole('combobox', { name: 'Remind me' }).selectOption(reminder);
  await submit.click();
  await form.waitFor({ state: 'detached' });
}

describe('/price-alerts in Chromium', () => {
  it('creates, toggles and deletes one alert of each kind; counter, badge and menu dot follow; a reload keeps them', async () => {
    const { page, problems } = await newPage();
    await page.goto(`${stack.url}/price-alerts`);
    await expect.poll(() => counter(page)).toBe('0 of 0 alerts active');
    expect(await badge(page)).toContain('0 active alerts');

    // Thresholds no price reaches and a reminder not due yet: nothing fires here.
    await createTokenAlert(page, { token: 'BankX', chain: 'Base', condition: 'above', price: '987654.123456' });
    await createSilverAlert(page, 'above', '9999.5');
    await createCalendarAlert(page, LATER_EVENT, '5');
    await expect.poll(() => counter(page)).toBe('3 of 3 alerts active');
    expect(await badge(page)).toContain('3 active alerts');
    await page.getByTestId('nav-group-alerts').getByRole('button').first().click();
    await expect.poll(() => page.getByTestId('alerts-active-dot').getAttribute('aria-label')).toBe('3 enabled');
    expect(await page.getByTestId('token-alerts').textContent()).toContain('BankX on Base above $987654.123456');
    expect(await page.getByTestId('silver-alerts').textContent()).toContain('Silver above $9999.5000 per gram');
    expect(await page.getByTestId('calendar-alerts').textContent()).toContain(`${LATER_EVENT}, 5 minutes before`);

    await page.getByRole('switch', { name: 'Alert BankX on Base above $987654.123456' }).click();
    await expect.poll(() => counter(page)).toBe('2 of 3 alerts active');
    await page.getByRole('button', { name: 'Delete Silver above $9999.5000 per gram' }).click();
    await expect.poll(() => counter(page)).toBe('1 of 2 alerts active');
    await expect.poll(() => badge(page)).toContain('1 active alert');
    expect(await page.getByTestId('alerts-active-dot').getAttribute('aria-label')).toBe('1 enabled');
    expect(await page.getByTestId('silver-alerts-empty').textContent()).toBe('No silver alerts yet.');

    await page.reload();
    await expect.poll(() => counter(page)).toBe('1 of 2 alerts active');
    expect(await page.getByRole('switch', { name: 'Alert BankX on Base above $987654.123456' }).getAttribute('aria-checked')).toBe('false');
    const lists = await storedLists(page);
    expect(lists.token).toMatchObject([{ token: 'BankX', chain: 'Base', condition: 'above', price: 987654.123456, enabled: false }]);
    expect(lists.silver).toEqual([]);
    expect(lists.calendar).toMatchObject([{ eventId: eventIds[LATER_EVENT], eventTitle: LATER_EVENT, reminderTime: 5, enabled: true }]);

    // The other pages carry the same badge.
    await page.goto(`${stack.url}/calendar`);
    await expect.poll(() => badge(page)).toContain('1 active alert');
    expect(await notifications(page)).toEqual([]);
    await page.evaluate(() => localStorage.clear());
    await page.close();
    expect(problems).toEqual([]);
  });

  it('fits a 375 px screen with every form open and the iOS guide readable', async () => {
    const { page, problems } = await newPage();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${stack.url}/price-alerts`);
    await expect.poll(() => counter(page)).toBe('0 of 0 alerts active');
    for (const kind of ['token', 'silver', 'calendar']) await page.getByTestId(`create-${kind}-alert`).click();
    await page.getByTestId('calendar-alert-form').getByRole('combobox', { name: 'Event' }).waitFor();
    const overflow = await page.evaluate(() => {
      const scroller = document.querySelector('.shell__scroll')!;
      return { page: document.documentElement.scrollWidth - window.innerWidth, main: scroller.scrollWidth - scroller.clientWidth };
    });
    expect(overflow).toEqual({ page: 0, main: 0 });
    await page.getByTestId('ios-guide-button').click();
    const guide = page.getByTestId('ios-setup-guide');
    await guide.getByRole('listitem').first().waitFor();
    expect(await guide.getByRole('listitem').count()).toBe(4);
    await guide.getByRole('button', { name: 'Got it' }).click();
    await guide.getByRole('listitem').first().waitFor({ state: 'detached' });
    await page.close();
    expect(problems).toEqual([]);
  });

  it('fires crossed alerts in the tab with the notifier tag, on creation and on mount, and only after the 15-minute gap', async () => {
    const { page, problems } = await newPage();
    await page.goto(`${stack.url}/price-alerts`);
    await expect.poll(() => counter(page)).toBe('0 of 0 alerts active');
    expect(await page.evaluate(() => Notification.permission)).toBe('granted');

    // Already crossed when created: the checker fires at once.
    await createTokenAlert(page, { token: 'XSD', chain: 'Ethereum', condition: 'above', price: '0.000001' });
    await createCalendarAlert(page, SOON_EVENT, '15');
    await expect.poll(() => notifications(page), { timeout: 20_000 }).toHaveLength(2);
    const lists = await storedLists(page);
    const [tokenAlert] = lists.token;
    const [calendarAlert] = lists.calendar;
    expect(tokenAlert!.lastTriggered).not.toBeNull();
    expect(calendarAlert!.lastTriggered).not.toBeNull();
    const shown = await notifications(page);
    expect(shown).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: 'XSD price alert', tag: `alert-${tokenAlert!.id}`, body: expect.stringMatching(/^XSD on Ethereum is \$\d+\.\d{6}, above your \$0\.000001 alert\.$/) }),
        expect.objectContaining({ title: 'Event reminder', tag: `alert-${calendarAlert!.id}`, body: expect.stringMatching(new RegExp(`^${SOON_EVENT} starts in \\d+ minutes\\.$`)) }),
      ]),
    );
    await expect.poll(() => page.getByTestId('token-alerts').textContent()).toContain('Last triggered');

    // Fired 16 minutes ago: the round on mount fires it again. The reminder fired for this start already.
    await editStorageThenOpen(
      page,
      (gap) => {
        const list = JSON.parse(localStorage.getItem('price-alerts')!);
        list[0].lastTriggered = Date.now() - gap - 60_000;
        localStorage.setItem('price-alerts', JSON.stringify(list));
      },
      ALERT_RETRIGGER_GAP_MS,
      '/price-alerts',
    );
    await expect.poll(() => notifications(page), { timeout: 20_000 }).toEqual([expect.objectContaining({ tag: `alert-${tokenAlert!.id}` })]);

    // Fired a minute ago: held back by the gap, while a new crossed silver alert fires in the same round.
    await editStorageThenOpen(
      page,
      () => {
        const list = JSON.parse(localStorage.getItem('price-alerts')!);
        list[0].lastTriggered = Date.now() - 60_000;
        localStorage.setItem('price-alerts', JSON.stringify(list));
        localStorage.setItem('silver-alerts', JSON.stringify([{ id: 'silver-e2e', condition: 'above', price: 0.0001, enabled: true, lastTriggered: null }]));
      },
      0,
      '/price-alerts',
    );
    await expect.poll(() => notifications(page), { timeout: 20_000 }).toEqual([
      expect.objectContaining({ title: 'Silver price alert', tag: 'alert-silver-e2e', body: expect.stringMatching(/^Silver is \$\d+\.\d{4} per gram, above your \$0\.0001 alert\.$/) }),
    ]);

    // Other pages run the checker too.
    await editStorageThenOpen(
      page,
      () => {
        const list = JSON.parse(localStorage.getItem('silver-alerts')!);
        list[0].lastTriggered = null;
        localStorage.setItem('silver-alerts', JSON.stringify(list));
      },
      0,
      '/about',
    );
    await expect.poll(() => notifications(page), { timeout: 20_000 }).toEqual([expect.objectContaining({ tag: 'alert-silver-e2e' })]);

    await page.evaluate(() => localStorage.clear());
    await page.close();
    expect(problems).toEqual([]);
  });
});
