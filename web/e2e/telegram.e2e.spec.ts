/**
 * 'Send to Telegram' end to end: the built web app on the running stack (embedded, devnet) with
 * XSD_TELEGRAM_BOT_TOKEN set and the Bot API played by the loopback fake, in Debian's Chromium at
 * 1366 and 375 px. The visitor's alerts (kept in this browser) go with the link; the fake's user
 * sends /start with its code, the stack's notifier binds the chat and /alerts lists them.
 */
import type { AlertLists } from '@xsd/contracts/api/alerts';
import { type RunningStack, startStack } from '@xsd/services/testing/stack';
import { startTelegramFake, type TelegramFake } from '@xsd/services/testing/telegram-fake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_STORAGE_KEYS } from '../src/lib/alert-lists';
import { type Browser, collectConsoleErrors, launchChromium } from './support/chromium';
import { firstSilverReading } from './support/first-readings';
import { overflowsSideways, VIEWPORTS } from './support/page-checks';

let stack: RunningStack;
let fake: TelegramFake;
let browser: Browser;

const ALERTS: AlertLists = {
  token: [{ id: 'tg-xsd-eth', token: 'XSD', chain: 'Ethereum', condition: 'above', price: 1.25, enabled: true, lastTriggered: null }],
  silver: [{ id: 'tg-silver', condition: 'below', price: 0.5, enabled: true, lastTriggered: null }],
  calendar: [],
};

beforeAll(async () => {
  fake = await startTelegramFake();
  stack = await startStack({ env: { XSD_TELEGRAM_BOT_TOKEN: fake.token, XSD_TELEGRAM_API_URL: fake.url, XSD_DEVNET_TICK_MS: String(3_600_000) } });
  await firstSilverReading(stack);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await fake?.close();
});

describe.each(VIEWPORTS)("'Send to Telegram' on /price-alerts at $width px", (viewport) => {
  it('answers a one-time t.me link that binds the chat opening it to these alerts', async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize(viewport);
    const problems = collectConsoleErrors(page);
    await page.addInitScript(
      ([keys, alerts]) => {
        localStorage.setItem(keys.token, JSON.stringify(alerts.token));
        localStorage.setItem(keys.silver, JSON.stringify(alerts.silver));
      },
      [ALERT_STORAGE_KEYS, ALERTS] as const,
    );
    await page.goto(`${stack.url}/price-alerts`);
    const panel = page.getByTestId('telegram-panel');
    await panel.waitFor();
    await expect(panel.textContent()).resolves.toContain('Get these 2 active alerts in Telegram too');

    await page.getByRole('button', { name: 'Send to Telegram' }).click();
    const open = page.getByTestId('telegram-link').getByRole('link', { name: 'Open Telegram' });
    await open.waitFor();
    const href = (await open.getAttribute('href'))!;
    expect(href).toMatch(new RegExp(`^https://t\\.me/${fake.botUsername}\\?start=[A-Za-z0-9_-]{32}$`));
    expect(await open.getAttribute('target')).toBe('_blank');
    expect(await open.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await overflowsSideways(page)).toBe(false);

    // The person opens the link in Telegram, which sends /start <code> to the bot.
    const chatId = 9_000 + viewport.width;
    fake.userSends(chatId, `/start ${new URL(href).searchParams.get('start')}`);
    const [bound] = await fake.waitForMessages(1, { chatId, timeoutMs: 30_000 });
    expect(bound.text).toBe('Done: 2 alerts will be sent to this chat.\n/alerts lists them, /stop ends them.');
    fake.userSends(chatId, '/alerts');
    const listed = await fake.waitForMessages(2, { chatId, timeoutMs: 30_000 });
    expect(listed[1].text).toBe(['Alerts of this chat:', 'XSD on Ethereum above $1.250000', 'Silver below $0.5000 per gram'].join('\n'));
    expect(problems).toEqual([]);
    await page.close();
  });
});
