// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EVENT_START_DATE_REQUIRED_MESSAGE, EVENT_TITLE_REQUIRED_MESSAGE, EVENT_URL_MESSAGE } from '@xsd/contracts/api/admin-calendar';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CALENDAR_DRAFT_KEY, DRAFT_MESSAGES } from '../lib/calendar-draft';
import { fakeApi, renderWithQuery } from '../../testing/fake-api';
import { CalendarTab } from './calendar-tab';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const USER = { id: 'id-admin', email: 'admin@silverboard.test', role: 'admin' as const, last_login: null };

function eventsServer() {
  return fakeApi({
    'GET /api/admin/calendar-events': () => ({ status: 200, body: { items: [] } }),
    'POST /api/admin/calendar-events': ({ body }) => ({
      status: 201,
      body: { item: { ...(body as object), id: 'event-1', created_at: '2026-11-22T14:00:00.000Z', updated_at: '2026-11-22T14:00:00.000Z', created_by: null } },
    }),
  });
}

async function openForm() {
  await userEvent.click(await screen.findByRole('button', { name: '+ New Event' }));
  const form = within(screen.getByTestId('event-form'));
  return {
    form,
    status: () => form.getByTestId('event-form-status').textContent,
    create: () => userEvent.click(form.getByRole('button', { name: 'Create Event' })),
  };
}

describe('Calendar tab, event form', () => {
  it('requires a title and a start date, checks the URL, then sends empty optional fields as null', async () => {
    const api = eventsServer();
    renderWithQuery(<CalendarTab user={USER} />);
    const { form, status, create } = await openForm();
    await create();
    expect(status()).toBe(EVENT_TITLE_REQUIRED_MESSAGE);
    await userEvent.type(form.getByLabelText('Title *'), 'Mainnet launch');
    await create();
    expect(status()).toBe(EVENT_START_DATE_REQUIRED_MESSAGE);
    fireEvent.change(form.getByLabelText('Start date *'), { target: { value: '2026-12-01' } });
    await userEvent.type(form.getByLabelText('URL'), 'javascript:alert(1)');
    await create();
    expect(status()).toBe(EVENT_URL_MESSAGE);
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(form.getByLabelText('URL'));
    await userEvent.type(form.getByLabelText('URL'), 'https://silverboard.test/launch');
    await create();
    await vi.waitFor(() => expect(screen.queryByTestId('event-form')).toBeNull());
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      title: 'Mainnet launch',
      start_date: '2026-12-01',
      url: 'https://silverboard.test/launch',
      description: null,
      end_date: null,
      start_time: null,
      location: null,
    });
  });

  it('keeps a draft in this browser only, with the spec’s draft messages', async () => {
    const api = eventsServer();
    renderWithQuery(<CalendarTab user={USER} />);
    const first = await openForm();
    await userEvent.click(first.form.getByRole('button', { name: 'Load Draft' }));
    expect(first.status()).toBe(DRAFT_MESSAGES.none);
    await userEvent.type(first.form.getByLabelText('Title *'), 'Half-written');
    await userEvent.click(first.form.getByRole('button', { name: 'Save as Draft' }));
    expect(first.status()).toBe(DRAFT_MESSAGES.saved);
    expect(JSON.parse(localStorage.getItem(CALENDAR_DRAFT_KEY)!)).toMatchObject({ title: 'Half-written' });
    await userEvent.click(first.form.getByRole('button', { name: 'Cancel' }));

    const second = await openForm();
    await userEvent.click(second.form.getByRole('button', { name: 'Load Draft' }));
    expect((second.form.getByLabelText('Title *') as HTMLInputElement).value).toBe('Half-written');
    expect(second.form.getByTestId('draft-mode-badge').textContent).toBe('Draft Mode');
    // In draft mode the main button saves locally and publishes nothing, even without a start date.
    await userEvent.click(second.form.getByRole('button', { name: 'Save Draft' }));
    expect(second.status()).toBe(DRAFT_MESSAGES.saved);
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    localStorage.setItem(CALENDAR_DRAFT_KEY, '{not json');
    await userEvent.click(second.form.getByRole('button', { name: 'Load Draft' }));
    expect(second.status()).toBe(DRAFT_MESSAGES.corrupted);
  });
});

describe('Calendar tab, own password', () => {
  const CALENDAR_USER = { id: 'id-cal', email: 'cal@silverboard.test', role: 'calendar_access' as const, last_login: null };

  it('lets a calendar manager change their own password here (the Passwords tab is not theirs)', async () => {
    const api = fakeApi({
      'GET /api/admin/calendar-events': { status: 200, body: { items: [] } },
      'POST /api/auth/password': { status: 200, body: { message: 'Password updated successfully!' } },
    });
    renderWithQuery(<CalendarTab user={CALENDAR_USER} />);
    const panel = within(await screen.findByTestId('own-password'));
    await userEvent.click(panel.getByRole('button', { name: 'Change Password' }));
    const form = within(screen.getByTestId('change-password-form'));
    await userEvent.type(form.getByLabelText('Current password'), 'old-password');
    await userEvent.type(form.getByLabelText('New password'), 'new-password-1');
    await userEvent.type(form.getByLabelText('Confirm new password'), 'new-password-1');
    await userEvent.click(form.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password updated successfully!')).toBeTruthy();
    expect(api.calls.at(-1)).toEqual({
      method: 'POST',
      path: '/api/auth/password',
      body: { currentPassword: 'old-password', newPassword: 'new-password-1', confirmPassword: 'new-password-1' },
    });
  });

  it('is not offered to admins here: theirs is in the Passwords tab', async () => {
    eventsServer();
    renderWithQuery(<CalendarTab user={USER} />);
    await screen.findByRole('button', { name: '+ New Event' });
    expect(screen.queryByTestId('own-password')).toBeNull();
  });
});
