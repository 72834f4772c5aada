// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeviceFacts } from '../../../lib/device';
import { keepEarlyInstallOffer } from '../lib/early-install-offer';
import { INSTALL_PROMPT_LAST_SHOWN_KEY, INSTALL_PROMPT_REPEAT_MS, installPromptDue } from '../lib/install-rules';
import { InstallPrompt } from './install-prompt';

const NOW = 1_750_000_000_000;
const DESKTOP: DeviceFacts = { userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0.0.0', platform: 'Linux x86_64', maxTouchPoints: 0 };
const IPHONE: DeviceFacts = {
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
  platform: 'iPhone',
  maxTouchPoints: 5,
};
const clock = () => NOW;
const notStandalone = () => false;

/** Chromium's install offer: records whether the page called prompt() and answers with `outcome`. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
    prompt: () => Promise<void>;
    userChoice: Promise<{ outcome: string; platform: string }>;
    prompted: boolean;
  };
  event.prompted = false;
  event.prompt = async () => {
    event.prompted = true;
  };
  event.userChoice = Promise.resolve({ outcome, platform: 'web' });
  act(() => void window.dispatchEvent(event));
  return event;
}

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const click = (element: HTMLElement) =>
  act(async () => {
    fireEvent.click(element);
    await vi.advanceTimersByTimeAsync(0);
  });

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the 7-day rule', () => {
  it('is due when never shown or shown 7 days ago or more', () => {
    expect(INSTALL_PROMPT_REPEAT_MS).toBe(604_800_000);
    expect(installPromptDue(null, NOW)).toBe(true);
    expect(installPromptDue(NOW - INSTALL_PROMPT_REPEAT_MS, NOW)).toBe(true);
    expect(installPromptDue(NOW - INSTALL_PROMPT_REPEAT_MS + 1, NOW)).toBe(false);
  });
});

describe('the Install App toast', () => {
  it("keeps the browser's offer and shows 3 s later", async () => {
    render(<InstallPrompt now={clock} device={DESKTOP} standalone={notStandalone} />);
    const event = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    await wait(2_999);
    expect(screen.queryByTestId('install-toast')).toBeNull();
    await wait(1);
    expect(within(screen.getByTestId('install-toast')).getByRole('heading').textContent).toBe('Install App');
  });

  it('takes over the offer the page loader kept before the app ran', async () => {
    keepEarlyInstallOffer();
    const event = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    render(<InstallPrompt now={clock} device={DESKTOP} standalone={notStandalone} />);
    await wait(3_000);
    await click(screen.getByRole('button', { name: 'Install' }));
    expect(event.prompted).toBe(true);
  });

  it("Install opens the browser's dialog and records the time", async () => {
    render(<InstallPrompt now={clock} device={DESKTOP} standalone={notStandalone} />);
    const event = offerInstall();
    await wait(3_000);
    await click(screen.getByRole('button', { name: 'Install' }));
    expect(event.prompted).toBe(true);
    expect(screen.queryByTestId('install-toast')).toBeNull();
    expect(localStorage.getItem(INSTALL_PROMPT_LAST_SHOWN_KEY)).toBe(String(NOW));
  });

  it('Not Now records the time without prompting', async () => {
    render(<InstallPrompt now={clock} device={DESKTOP} standalone={notStandalone} />);
    const event = offerInstall();
    await wait(3_000);
    await click(within(screen.getByTestId('install-toast')).getAllByRole('button', { name: 'Not Now' })[1]!);
    expect(event.prompted).toBe(false);
    expect(localStorage.getItem(INSTALL_PROMPT_LAST_SHOWN_KEY)).toBe(String(NOW));
  });

  it('stays away for 7 days after it was answered', async () => {
    localStorage.setItem(INSTALL_PROMPT_LAST_SHOWN_KEY, String(NOW - INSTALL_PROMPT_REPEAT_MS + 60_000));
    render(<InstallPrompt now={clock} device={DESKTOP} standalone={notStandalone} />);
    offerInstall();
    await wait(10_000);
    expect(screen.queryByTestId('install-toast')).toBeNull();
  });

  it('goes away once the app is installed', async () => {
    render(<InstallPrompt now={clock} device={DESKTOP} standalone={notStandalone} />);
    offerInstall();
    await wait(3_000);
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(screen.queryByTestId('install-toast')).toBeNull();
  });

  it('never shows in the installed app', async () => {
    render(<InstallPrompt now={clock} device={DESKTOP} standalone={() => true} />);
    const event = offerInstall();
    await wait(10_000);
    expect(event.defaultPrevented).toBe(false);
    expect(screen.queryByTestId('install-toast')).toBeNull();
  });

  it('waits for the offer: browsers that never make one see nothing', async () => {
    render(<InstallPrompt now={clock} device={DESKTOP} standalone={notStandalone} />);
    await wait(60_000);
    expect(screen.queryByTestId('install-toast')).toBeNull();
  });
});

describe('on iOS', () => {
  it('shows the install card 3 s after load; Install shows the three steps', async () => {
    render(<InstallPrompt now={clock} device={IPHONE} standalone={notStandalone} />);
    await wait(2_999);
    expect(screen.queryByTestId('install-card')).toBeNull();
    await wait(1);
    const card = within(screen.getByTestId('install-card'));
    await click(card.getByRole('button', { name: 'Install' }));
    expect(card.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Tap the Share button in the toolbar.',
      "Scroll down and choose 'Add to Home Screen'.",
      "Tap 'Add' to confirm.",
    ]);
    expect(localStorage.getItem(INSTALL_PROMPT_LAST_SHOWN_KEY)).toBeNull();
    await click(card.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('install-card')).toBeNull();
    expect(localStorage.getItem(INSTALL_PROMPT_LAST_SHOWN_KEY)).toBe(String(NOW));
  });

  it('shows no card when opened from the Home Screen', async () => {
    render(<InstallPrompt now={clock} device={IPHONE} standalone={() => true} />);
    await wait(10_000);
    expect(screen.queryByTestId('install-card')).toBeNull();
  });
});
