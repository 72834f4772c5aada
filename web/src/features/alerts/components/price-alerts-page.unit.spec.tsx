// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resolveNetworks } from '@xsd/contracts';
import type { CalendarEvent } from '@xsd/contracts/api/calendar';
import { toNetworkEntry } from '@xsd/contracts/api/networks';
import { CALENDAR_REMINDER_OPTIONS, type CalendarAlert, type SilverAlert, type TokenPriceAlert } from '@xsd/contracts/api/alerts';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { readAlertLists, writeAlertList } from '../../../lib/alert-lists';
import { networksQueryOptions } from '../../../api/get-networks';
import { telegramStatusQueryOptions } from '../api/get-telegram-status';
import { ActiveAlertsBadge } from './active-alerts-badge';
import { AlertDot } from './alert-dot';
import { PriceAlertsPage } from './price-alerts-page';
import { calendarEventAt as event } from '../testing/calendar-event-fixture';

const HOUR = 3_600_000;
const inHours = (h: number) => new Date(Date.now() + h * HOUR);

const token: TokenPriceAlert = { id: 't1', token: 'XSD', chain: 'Ethereum', condition: 'above', price: 0.85, enabled: true, lastTriggered: null };
const silver: SilverAlert = { id: 's1', condition: 'below', price: 1.2, enabled: true, lastTriggered: null };
const calendarAlert = (eventId: string, title = `Event ${eventId}`): CalendarAlert => ({
  id: `c-${eventId}`,
  eventId,
  eventTitle: title,
  eventDate: inHours(30).toISOString(),
  reminderTime: 60,
  enabled: false,
  lastTriggered: null,
});

interface Options {
  /** Undefined: still loading. */
  readonly events?: readonly CalendarEvent[] | undefined;
  readonly eventsFailed?: boolean;
  readonly ios?: boolean;
  readonly notificationSettings?: ReactNode;
  /** Whether the server has a Telegram bot (GET /api/alerts/telegram). */
  readonly telegram?: boolean;
}

function renderPage(options: Options = {}) {
  const { eventsFailed = false, ios = false, notificationSettings, telegram = false } = options;
  const events = 'events' in options ? options.events : [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(networksQueryOptions().queryKey, { items: resolveNetworks('devnet').map(toNetworkEntry) });
  client.setQueryData(telegramStatusQueryOptions().queryKey, { enabled: telegram });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ActiveAlertsBadge />
        <AlertDot />
        <PriceAlertsPage events={events} eventsFailed={eventsFailed} ios={ios} notificationSettings={notificationSettings} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const counter = () => screen.getByTestId('alerts-counter').textContent;
const panel = (kind: string) => within(screen.getByTestId(`${kind}-alerts-panel`));

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the alerts page', () => {
  it('starts empty: 0 of 0 alerts active and the three create buttons', () => {
    renderPage();
    expect(counter()).toBe('0 of 0 alerts active');
    expect(screen.getByTestId('alerts-empty')).toBeTruthy();
    expect(screen.getByTestId('active-alerts-badge').textContent).toContain('0 active alerts');
    expect(screen.queryByTestId('alerts-active-dot')).toBeNull();
    for (const name of ['Create Token Alert', 'Create Silver Alert', 'Create Calendar Alert']) {
      expect(screen.getByRole('button', { name: `+ ${name}` })).toBeTruthy();
    }
  });

  it('creates a token alert only for a price above 0, on a released network, and hides its button while open', async () => {
    renderPage();
    await userEvent.click(screen.getByTestId('create-token-alert'));
    expect(screen.queryByTestId('create-token-alert')).toBeNull();
    const form = within(screen.getByTestId('token-alert-form'));
    const price = form.getByRole('spinbutton', { name: /Price/ });
    expect(price.getAttribute('step')).toBe('0.000001');
    expect(price.getAttribute('min')).toBe('0');
    const networks = form.getByRole('combobox', { name: /Network/ });
    const offered = within(networks).getAllByRole('option').map((o) => o.textContent);
    expect(offered).toEqual(['Ethereum', 'BSC', 'Arbitrum', 'Polygon', 'Optimism', 'Base', 'Avalanche']);

    // Empty, zero and negative prices: submit silently does nothing.
    const submit = form.getByRole('button', { name: 'Create Alert' });
    await userEvent.click(submit);
    for (const text of ['0', '-1', '0.0000000']) {
      await userEvent.clear(price);
      await userEvent.type(price, text);
      await userEvent.click(submit);
    }
    expect(screen.getByTestId('token-alert-form')).toBeTruthy();
    expect(readAlertLists().token).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.selectOptions(form.getByRole('combobox', { name: /Token/ }), 'BankX');
    await userEvent.selectOptions(networks, 'Base');
    await userEvent.selectOptions(form.getByRole('combobox', { name: /Condition/ }), 'below');
    await userEvent.clear(price);
    await userEvent.type(price, '0.0123');
    await userEvent.click(submit);

    expect(screen.queryByTestId('token-alert-form')).toBeNull();
    expect(screen.getByTestId('create-token-alert')).toBeTruthy();
    expect(panel('token').getByText('BankX on Base below $0.012300')).toBeTruthy();
    expect(readAlertLists().token).toMatchObject([{ token: 'BankX', chain: 'Base', condition: 'below', price: 0.0123, enabled: true, lastTriggered: null }]);
    expect(counter()).toBe('1 of 1 alerts active');
    expect(screen.getByTestId('active-alerts-badge').textContent).toContain('1 active alert');
    expect(screen.getByTestId('alerts-active-dot')).toBeTruthy();
  });

  it('creates a silver alert in USD per gram with 4 decimals, and Cancel closes the form', async () => {
    renderPage();
    await userEvent.click(screen.getByTestId('create-silver-alert'));
    await userEvent.click(within(screen.getByTestId('silver-alert-form')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('silver-alert-form')).toBeNull();

    await userEvent.click(screen.getByTestId('create-silver-alert'));
    const form = within(screen.getByTestId('silver-alert-form'));
    const price = form.getByRole('spinbutton', { name: /Price/ });
    expect(price.getAttribute('step')).toBe('0.0001');
    expect(price.getAttribute('min')).toBe('0');
    await userEvent.type(price, '1.23456');
    await userEvent.click(form.getByRole('button', { name: 'Create Alert' }));
    expect(panel('silver').getByText('Silver above $1.2346 per gram')).toBeTruthy();
    expect(readAlertLists().silver).toMatchObject([{ condition: 'above', price: 1.23456 }]);
  });

  it('offers future events without a reminder, the first 5, and needs one chosen; reminder 15 minutes by default', async () => {
    writeAlertList('calendar', [calendarAlert('alerted')]);
    const events = [
      event('past', inHours(-2)),
      event('alerted', inHours(1)),
      ...[2, 3, 4, 5, 6, 7].map((h) => event(`e${h}`, inHours(h))),
      event('off', inHours(1.5), { is_active: false }),
    ];
    renderPage({ events });
    await userEvent.click(screen.getByTestId('create-calendar-alert'));
    const form = within(screen.getByTestId('calendar-alert-form'));
    const choose = form.getByRole('combobox', { name: 'Event' });
    const offered = within(choose)
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'));
    expect(offered).toEqual(['', 'e2', 'e3', 'e4', 'e5', 'e6']);
    const reminder = form.getByRole('combobox', { name: /Remind me/ }) as HTMLSelectElement;
    expect(reminder.value).toBe('15');
    expect(within(reminder).getAllByRole('option').map((o) => Number(o.getAttribute('value')))).toEqual([...CALENDAR_REMINDER_OPTIONS]);

    const submit = form.getByRole('button', { name: 'Create Alert' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await userEvent.selectOptions(choose, 'e3');
    await userEvent.selectOptions(reminder, '1440');
    expect(submit.disabled).toBe(false);
    await userEvent.click(submit);

    const [created] = readAlertLists().calendar.filter((a) => a.eventId === 'e3');
    expect(created).toMatchObject({ eventTitle: 'Event e3', reminderTime: 1440, enabled: true });
    expect(Date.parse(created!.eventDate)).toBe(new Date(inHours(3)).setSeconds(0, 0));
    expect(panel('calendar').getByText('Event e3, 1 day before')).toBeTruthy();
    expect(counter()).toBe('1 of 2 alerts active');

    await userEvent.click(screen.getByTestId('create-calendar-alert'));
    const again = within(screen.getByTestId('calendar-alert-form')).getByRole('combobox', { name: 'Event' });
    expect(within(again).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['', 'e2', 'e4', 'e5', 'e6', 'e7']);
  });

  it('says when the events cannot be loaded or none can be chosen', async () => {
    renderPage({ events: [event('past', inHours(-1))] });
    await userEvent.click(screen.getByTestId('create-calendar-alert'));
    expect(screen.getByTestId('no-selectable-events')).toBeTruthy();
    cleanup();
    renderPage({ events: undefined });
    await userEvent.click(screen.getByTestId('create-calendar-alert'));
    expect(within(screen.getByTestId('calendar-alert-form')).getByRole('status').textContent).toBe('Loading events…');
    cleanup();
    renderPage({ events: undefined, eventsFailed: true });
    await userEvent.click(screen.getByTestId('create-calendar-alert'));
    expect(within(screen.getByTestId('calendar-alert-form')).getByRole('alert').textContent).toMatch(/Could not load the calendar events/);
  });

  it('toggles and deletes alerts, keeping the counter, the badge and the menu dot in step', async () => {
    writeAlertList('token', [token]);
    writeAlertList('silver', [silver]);
    renderPage();
    expect(counter()).toBe('2 of 2 alerts active');
    expect(screen.getByTestId('active-alerts-badge').textContent).toContain('2 active alerts');

    const toggle = screen.getByRole('switch', { name: 'Alert XSD on Ethereum above $0.850000' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(readAlertLists().token[0]!.enabled).toBe(false);
    expect(counter()).toBe('1 of 2 alerts active');
    expect(screen.getByTestId('active-alerts-badge').textContent).toContain('1 active alert');

    await userEvent.click(screen.getByRole('button', { name: 'Delete Silver below $1.2000 per gram' }));
    expect(readAlertLists().silver).toEqual([]);
    expect(panel('silver').getByTestId('silver-alerts-empty').textContent).toBe('No silver alerts yet.');
    expect(counter()).toBe('0 of 1 alerts active');
    expect(screen.queryByTestId('alerts-active-dot')).toBeNull();

    await userEvent.click(toggle);
    expect(counter()).toBe('1 of 1 alerts active');
    expect(screen.getByTestId('alerts-active-dot')).toBeTruthy();
  });

  it('follows changes made by another tab', async () => {
    renderPage();
    // Another tab writes storage; this one hears the storage event.
    localStorage.setItem('silver-alerts', JSON.stringify([silver]));
    window.dispatchEvent(new StorageEvent('storage', { key: 'silver-alerts' }));
    expect(await screen.findByText('Silver below $1.2000 per gram')).toBeTruthy();
    expect(counter()).toBe('1 of 1 alerts active');
  });

  it('opens the iOS setup guide, and points iPhone visitors to it', async () => {
    renderPage({ ios: true });
    expect(screen.getByTestId('ios-notice')).toBeTruthy();
    await userEvent.click(screen.getByTestId('ios-guide-button'));
    const guide = within(screen.getByTestId('ios-setup-guide'));
    expect(guide.getAllByRole('listitem')).toHaveLength(4);
    expect(guide.getByText(/iOS 16.4 or newer/)).toBeTruthy();
    await userEvent.click(guide.getByRole('button', { name: 'Got it' }));
    expect(screen.getByTestId('ios-setup-guide').querySelector('.modal__frame')).toBeNull();
  });

  it('shows the notification settings block it is given, and no iOS notice elsewhere', () => {
    renderPage({ notificationSettings: <p data-testid="settings-block">settings</p> });
    expect(screen.getByTestId('settings-block')).toBeTruthy();
    expect(screen.queryByTestId('ios-notice')).toBeNull();
  });

  it("offers 'Send to Telegram' only when the site has a bot, and only once an alert is active", () => {
    renderPage();
    expect(screen.queryByTestId('telegram-panel')).toBeNull();
    cleanup();

    renderPage({ telegram: true });
    expect(screen.getByRole('button', { name: 'Send to Telegram' })).toHaveProperty('disabled', true);
    expect(screen.getByTestId('telegram-panel').textContent).toContain('Create an alert first');
    cleanup();

    writeAlertList('token', [token]);
    writeAlertList('silver', [silver, { ...silver, id: 's2', enabled: false }]);
    renderPage({ telegram: true });
    expect(screen.getByRole('button', { name: 'Send to Telegram' })).toHaveProperty('disabled', false);
    expect(screen.getByTestId('telegram-panel').textContent).toContain('Get these 2 active alerts in Telegram too');
  });
});
