// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { PUSH_MESSAGES } from '@xsd/contracts/api/alerts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PushControllerContext } from '../hooks/use-push';
import type { NotificationAccess } from '../lib/permission';
import { PushController, pushServer, storedPushInputs } from '../lib/push-controller';
import type { PushAvailability } from '../lib/push-environment';
import { FIRST_VISIT_CARD_SHOWN_KEY, NOTIFICATION_PROMPT_LAST_SHOWN_KEY, NOTIFICATION_PROMPT_REPEAT_MS } from '../lib/prompt-rules';
import { fakeBrowser, type FakeBrowser, type FakePushServer, servePushRoutes } from '../testing/fake-push';
import { NotificationOverlays } from './notification-overlays';

const NOW = 1_750_000_000_000;
let browser: FakeBrowser;
let server: FakePushServer;

function renderOverlays(availability: PushAvailability = 'available', permission: NotificationAccess = 'default') {
  browser = fakeBrowser(availability, permission);
  const controller = new PushController(browser, pushServer, storedPushInputs);
  render(
    <PushControllerContext.Provider value={controller}>
      <NotificationOverlays now={() => NOW} />
    </PushControllerContext.Provider>,
  );
  return controller;
}

/** Lets the given time pass on the fake clock, React updates included. */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Clicks and lets the promises it starts settle (the fake clock stands still). */
const click = (element: HTMLElement) => act(async () => {
  fireEvent.click(element);
  await vi.advanceTimersByTimeAsync(0);
});

beforeEach(async () => {
  vi.useFakeTimers();
  localStorage.clear();
  server = await servePushRoutes();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('on a first visit', () => {
  it('shows the overlay prompt after 2 s and the Enable Notifications card after 3 s, each by its own rule', async () => {
    renderOverlays();
    await wait(1_999);
    expect(screen.queryByTestId('notification-prompt')).toBeNull();
    await wait(1);
    expect(screen.getByTestId('notification-prompt')).toBeTruthy();
    expect(screen.queryByTestId('first-visit-card')).toBeNull();
    await wait(999);
    expect(screen.queryByTestId('first-visit-card')).toBeNull();
    await wait(1);
    expect(within(screen.getByTestId('first-visit-card')).getByRole('heading').textContent).toBe('Enable Notifications');
    expect(screen.getByTestId('notification-prompt')).toBeTruthy();
  });

  it('answering one leaves the other: Maybe Later on the card marks it shown, the prompt stays and keeps its own clock', async () => {
    renderOverlays();
    await wait(3_000);
    await click(within(screen.getByTestId('first-visit-card')).getByRole('button', { name: 'Maybe Later' }));
    expect(screen.queryByTestId('first-visit-card')).toBeNull();
    expect(localStorage.getItem(FIRST_VISIT_CARD_SHOWN_KEY)).toBe('true');
    expect(screen.getByTestId('notification-prompt')).toBeTruthy();
    expect(localStorage.getItem(NOTIFICATION_PROMPT_LAST_SHOWN_KEY)).toBeNull();

    cleanup();
    renderOverlays();
    await wait(2_000);
    expect(screen.getByTestId('notification-prompt')).toBeTruthy();
    await wait(60_000);
    expect(screen.queryByTestId('first-visit-card')).toBeNull();
  });

  describe('the card alone (the overlay prompt dismissed a minute ago)', () => {
  beforeEach(() => localStorage.setItem(NOTIFICATION_PROMPT_LAST_SHOWN_KEY, String(NOW - 60_000)));

    it('closing the card marks it shown too', async () => {
      renderOverlays();
      await wait(3_000);
      await click(within(screen.getByTestId('first-visit-card')).getByRole('button', { name: 'Close' }));
      expect(localStorage.getItem(FIRST_VISIT_CARD_SHOWN_KEY)).toBe('true');
    });

    it('Enable subscribes and the card goes away', async () => {
      renderOverlays();
      await wait(3_000);
      await click(screen.getByRole('button', { name: 'Enable' }));
      // Key generation and the request settle off the fake clock.
      await vi.waitFor(() => expect(screen.queryByTestId('first-visit-card')).toBeNull());
      expect(server.saved).toHaveLength(1);
      expect(browser.shown.map((n) => n.title)).toEqual(['Notifications Enabled']);
    });

    it('keeps the card with the reason when subscribing fails', async () => {
      renderOverlays();
      await wait(3_000);
      browser.pushManager.next = 'fail';
      await click(screen.getByRole('button', { name: 'Enable' }));
      await vi.waitFor(() =>
        expect(within(screen.getByTestId('first-visit-card')).getByRole('alert').textContent).toBe(PUSH_MESSAGES.subscribeFailed),
      );
    });

    it('shows the blocked message and disables Enable when the visitor blocks notifications', async () => {
      renderOverlays();
      await wait(3_000);
      browser.answer = 'denied';
      await click(screen.getByRole('button', { name: 'Enable' }));
      const card = within(screen.getByTestId('first-visit-card'));
      expect(card.getByText(PUSH_MESSAGES.blocked)).toBeTruthy();
      expect(card.getByRole('button', { name: 'Enable' })).toHaveProperty('disabled', true);
    });
  });
});

describe('the three-step overlay prompt', () => {
  beforeEach(() => localStorage.setItem(FIRST_VISIT_CARD_SHOWN_KEY, 'true'));

  it('appears after 2 s and walks intro, benefits and enable', async () => {
    renderOverlays();
    await wait(1_999);
    expect(screen.queryByTestId('notification-prompt')).toBeNull();
    await wait(1);
    const prompt = () => within(screen.getByTestId('notification-prompt'));
    expect(prompt().getByTestId('notification-prompt-step').textContent).toBe('Step 1 of 3');
    expect(prompt().getByRole('button', { name: 'Maybe Later' })).toBeTruthy();
    await click(prompt().getByRole('button', { name: 'Tell Me More' }));

    expect(prompt().getByTestId('notification-prompt-step').textContent).toBe('Step 2 of 3');
    expect(prompt().getAllByRole('listitem').map((item) => item.querySelector('strong')?.textContent)).toEqual([
      'Price alerts',
      'Silver rate updates',
      'Event reminders',
    ]);
    expect(prompt().getByRole('button', { name: 'Skip' })).toBeTruthy();
    await click(prompt().getByRole('button', { name: 'Continue' }));

    expect(prompt().getByTestId('notification-prompt-step').textContent).toBe('Step 3 of 3');
    expect(prompt().getByRole('button', { name: 'Maybe Later' })).toBeTruthy();
    await click(prompt().getByRole('button', { name: 'Enable Notifications' }));
    await vi.waitFor(() => expect(screen.queryByTestId('notification-prompt')).toBeNull());
    expect(server.saved).toHaveLength(1);
    expect(localStorage.getItem(NOTIFICATION_PROMPT_LAST_SHOWN_KEY)).toBe(String(NOW));
  });

  for (const [step, button] of [
    [1, 'Maybe Later'],
    [2, 'Skip'],
    [3, 'Maybe Later'],
  ] as const) {
    it(`'${button}' on step ${step} dismisses it and records the time`, async () => {
      renderOverlays();
      await wait(2_000);
      const prompt = () => within(screen.getByTestId('notification-prompt'));
      if (step >= 2) await click(prompt().getByRole('button', { name: 'Tell Me More' }));
      if (step >= 3) await click(prompt().getByRole('button', { name: 'Continue' }));
      await click(prompt().getByRole('button', { name: button }));
      expect(screen.queryByTestId('notification-prompt')).toBeNull();
      expect(localStorage.getItem(NOTIFICATION_PROMPT_LAST_SHOWN_KEY)).toBe(String(NOW));
      expect(server.calls).toEqual([]);
    });
  }

  it('stays away for 3 days after a dismissal, then comes back', async () => {
    localStorage.setItem(NOTIFICATION_PROMPT_LAST_SHOWN_KEY, String(NOW - NOTIFICATION_PROMPT_REPEAT_MS + 1_000));
    renderOverlays();
    await wait(10_000);
    expect(screen.queryByTestId('notification-prompt')).toBeNull();

    cleanup();
    localStorage.setItem(NOTIFICATION_PROMPT_LAST_SHOWN_KEY, String(NOW - NOTIFICATION_PROMPT_REPEAT_MS - 1_000));
    renderOverlays();
    await wait(2_000);
    expect(screen.getByTestId('notification-prompt')).toBeTruthy();
  });
});

describe('nothing asks', () => {
  it('once notifications are allowed or blocked', async () => {
    renderOverlays('available', 'granted');
    await wait(10_000);
    cleanup();
    renderOverlays('available', 'denied');
    await wait(10_000);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('on unsupported browsers and preview hosts', async () => {
    renderOverlays('unsupported', 'unsupported');
    await wait(10_000);
    cleanup();
    renderOverlays('preview-host');
    await wait(10_000);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('on an iPhone tab', () => {
  it('Enable opens the iPhone guide instead of asking', async () => {
    renderOverlays('ios-install', 'unsupported');
    await wait(3_000);
    await click(screen.getByRole('button', { name: 'Enable' }));
    expect(screen.queryByTestId('first-visit-card')).toBeNull();
    expect(screen.getByTestId('iphone-guide').hasAttribute('open')).toBe(true);
    expect(browser.pushManager.subscribeCalls).toEqual([]);
  });
});
