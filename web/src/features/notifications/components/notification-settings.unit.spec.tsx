// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PUSH_MESSAGES } from '@xsd/contracts/api/alerts';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PushControllerContext } from '../hooks/use-push';
import { NOTIFICATION_PREFERENCES_KEY } from '../lib/notification-preferences';
import type { NotificationAccess } from '../lib/permission';
import { PushController, pushServer, storedPushInputs } from '../lib/push-controller';
import type { PushAvailability } from '../lib/push-environment';
import { fakeBrowser, type FakeBrowser, type FakePushServer, servePushRoutes } from '../testing/fake-push';
import { IPHONE_GUIDE_REQUIREMENT, IPHONE_GUIDE_STEPS, IphoneGuide } from './iphone-guide';
import { IOS_INSTALL_TEXT, PREVIEW_HOST_TEXT } from './notification-settings';
import { NotificationSettingsModal } from './notification-settings-modal';
import { PushSync } from './push-sync';

let browser: FakeBrowser;
let server: FakePushServer;

function renderModal(availability: PushAvailability = 'available', permission: NotificationAccess = 'default') {
  browser = fakeBrowser(availability, permission);
  const controller = new PushController(browser, pushServer, storedPushInputs);
  render(
    <MemoryRouter>
      <PushControllerContext.Provider value={controller}>
        <PushSync />
        <NotificationSettingsModal open onClose={() => undefined} />
      </PushControllerContext.Provider>
    </MemoryRouter>,
  );
  return { controller, modal: within(screen.getByTestId('notification-settings')) };
}

beforeEach(async () => {
  localStorage.clear();
  server = await servePushRoutes();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'brave');
});

describe('Notification Settings', () => {
  it('lists the four preferences, all on by default', () => {
    const { modal } = renderModal();
    const boxes = modal.getAllByRole('checkbox');
    expect(boxes.map((box) => box.parentElement?.textContent?.trim())).toEqual([
      'Price alerts',
      'Silver rate updates',
      'Event reminders',
      'System updates',
    ]);
    expect(boxes.every((box) => (box as HTMLInputElement).checked)).toBe(true);
  });

  it('enables notifications, then the switch turns them off again', async () => {
    const { modal } = renderModal();
    await userEvent.click(modal.getByRole('button', { name: 'Enable Notifications' }));
    const toggle = await modal.findByRole('switch', { name: 'Push notifications' });
    expect(modal.getByTestId('notification-permission').textContent).toBe('allowed');
    expect(server.saved).toHaveLength(1);
    expect(browser.shown.map((n) => n.title)).toEqual(['Notifications Enabled']);

    await userEvent.click(toggle);
    await modal.findByRole('button', { name: 'Enable Notifications' });
    expect(server.calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/push/subscriptions' });
  });

  it('sends a changed preference to the server while subscribed', async () => {
    const { modal } = renderModal();
    await userEvent.click(modal.getByRole('button', { name: 'Enable Notifications' }));
    await modal.findByRole('switch');
    await userEvent.click(modal.getByRole('checkbox', { name: 'System updates' }));
    expect(JSON.parse(localStorage.getItem(NOTIFICATION_PREFERENCES_KEY)!)).toMatchObject({ systemUpdates: false });
    await waitFor(() => expect(server.saved).toHaveLength(2), { timeout: 3_000 });
    expect(server.saved[1]!.preferences).toEqual({ priceAlerts: true, silverAlerts: true, calendarEvents: true, systemUpdates: false });
  });

  it('keeps a changed preference in this browser only while not subscribed', async () => {
    const { modal } = renderModal();
    await userEvent.click(modal.getByRole('checkbox', { name: 'Price alerts' }));
    expect(JSON.parse(localStorage.getItem(NOTIFICATION_PREFERENCES_KEY)!)).toMatchObject({ priceAlerts: false });
    expect(server.calls).toEqual([]);
  });

  it('disables Enable with the blocked message when notifications are blocked', () => {
    const { modal } = renderModal('available', 'denied');
    expect(modal.getByRole('button', { name: 'Enable Notifications' })).toHaveProperty('disabled', true);
    expect(modal.getByText(PUSH_MESSAGES.blocked)).toBeTruthy();
    expect(modal.getByTestId('notification-permission').textContent).toBe('blocked');
  });

  it('says when the browser has no notifications', () => {
    const { modal } = renderModal('unsupported', 'unsupported');
    expect(modal.getByText('Notifications are not supported in this browser')).toBeTruthy();
    expect(modal.queryByRole('button', { name: 'Enable Notifications' })).toBeNull();
  });

  it('offers nothing on a preview host', () => {
    const { modal } = renderModal('preview-host');
    expect(modal.getByTestId('preview-host-note').textContent).toBe(PREVIEW_HOST_TEXT);
    expect(modal.queryByRole('button', { name: 'Enable Notifications' })).toBeNull();
  });

  it('shows the reason when subscribing fails', async () => {
    const { modal } = renderModal();
    browser.pushManager.next = 'fail';
    await userEvent.click(modal.getByRole('button', { name: 'Enable Notifications' }));
    expect((await modal.findByRole('alert')).textContent).toBe(PUSH_MESSAGES.subscribeFailed);
  });

  it('warns Brave users to set Shields down', () => {
    Object.defineProperty(navigator, 'brave', { value: { isBrave: async () => true }, configurable: true });
    const { modal } = renderModal();
    expect(modal.getByTestId('brave-warning').textContent).toContain('Shields down');
  });

  it('shows no Brave warning in other browsers', () => {
    const { modal } = renderModal();
    expect(modal.queryByTestId('brave-warning')).toBeNull();
  });

  it('opens the iPhone guide from Enable on an iPhone tab', async () => {
    const { modal } = renderModal('ios-install', 'unsupported');
    expect(modal.getByText(IOS_INSTALL_TEXT)).toBeTruthy();
    await userEvent.click(modal.getByRole('button', { name: 'Enable Notifications' }));
    expect(screen.getByTestId('iphone-guide').hasAttribute('open')).toBe(true);
    expect(browser.pushManager.subscribeCalls).toEqual([]);
  });
});

describe('the iPhone guide', () => {
  const IPHONE_16_1 = 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.1 Mobile/15E148 Safari/604.1';

  it('walks its four steps with Previous, Next and Finish', async () => {
    const onClose = vi.fn();
    render(<IphoneGuide open onClose={onClose} userAgent="" />);
    const guide = within(screen.getByTestId('iphone-guide'));
    const seen: string[] = [];
    for (let step = 1; step <= 4; step += 1) {
      expect(guide.getByTestId('iphone-guide-progress').textContent).toBe(`Step ${step} of 4`);
      seen.push(guide.getByRole('heading', { level: 3 }).textContent ?? '');
      expect(guide.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', step === 1);
      if (step < 4) await userEvent.click(guide.getByRole('button', { name: 'Next' }));
    }
    expect(seen).toEqual(IPHONE_GUIDE_STEPS.map((step) => step.title));
    expect(seen).toEqual(['Add to Home Screen', 'Confirm', 'Open from Home Screen', 'Enable']);
    expect(guide.queryByRole('button', { name: 'Next' })).toBeNull();
    await userEvent.click(guide.getByRole('button', { name: 'Previous' }));
    expect(guide.getByTestId('iphone-guide-progress').textContent).toBe('Step 3 of 4');
    await userEvent.click(guide.getByRole('button', { name: 'Next' }));
    await userEvent.click(guide.getByRole('button', { name: 'Finish' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('names the requirement, and says when this iPhone is too old', () => {
    render(<IphoneGuide open onClose={() => undefined} userAgent={IPHONE_16_1} />);
    const guide = within(screen.getByTestId('iphone-guide'));
    expect(guide.getByText(IPHONE_GUIDE_REQUIREMENT).textContent).toBe('Requires iOS 16.4 or newer, in Safari or Brave.');
    expect(guide.getByRole('note').textContent).toBe('This device runs iOS 16.1: update iOS before adding the app.');
  });
});
