// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, me, renderWithQuery, unauthorized } from '../testing/fake-api';
import { AdminScreen } from './admin-screen';

const overview = { status: 200, body: { news: null, calendar_events: null, chains: null, staff: null, api_keys: null, contact_submissions: null, generated_at: new Date().toISOString() } };

beforeEach(() => {
  window.location.hash = '';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('admin access states (a browser that signed in before, so the session is asked for)', () => {
  beforeEach(() => window.localStorage.setItem('staff-signed-in', '1'));
  afterEach(() => window.localStorage.removeItem('staff-signed-in'));

  it("shows 'Checking admin access...' until the session answers", async () => {
    let answer!: (value: { status: number; body?: unknown }) => void;
    fakeApi({ 'GET /api/auth/me': new Promise((resolve) => (answer = resolve)), 'GET /api/admin/overview': overview });
    renderWithQuery(<AdminScreen />);
    expect(screen.getByText('Checking admin access...')).toBeTruthy();
    answer(me('admin'));
    expect(await screen.findByTestId('admin-header')).toBeTruthy();
  });

  it('shows the Access Error view when the check fails, and Retry checks again', async () => {
    let fail = true;
    fakeApi({
      'GET /api/auth/me': () => (fail ? { status: 500, body: { error: { code: 'internal', message: 'boom' } } } : me('admin')),
      'GET /api/admin/overview': overview,
    });
    renderWithQuery(<AdminScreen />);
    expect(await screen.findByText('Failed to verify admin access')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('admin-header')).toBeTruthy();
  });
});

describe('a browser that never signed in', () => {
  it('shows the sign-in form without asking the server who is signed in', async () => {
    const { calls } = fakeApi({ 'GET /api/admin/overview': overview });
    renderWithQuery(<AdminScreen />);
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(calls.some((call) => call.path.includes('/api/auth/me'))).toBe(false);
  });
});

describe('login screen', () => {
  it('keeps Sign In disabled until both fields are filled, and toggles the password visibility', async () => {
    fakeApi({ 'GET /api/auth/me': unauthorized });
    renderWithQuery(<AdminScreen />);
    const button = await screen.findByRole('button', { name: 'Sign In' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Email'), 'a@b.test');
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    await userEvent.type(password, 'secret');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(password.type).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');
  });

  it("shows the server's message on failure, else the spec's", async () => {
    let message = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
    fakeApi({
      'GET /api/auth/me': unauthorized,
      'POST /api/auth/login': () => ({ status: 401, body: message ? { error: { code: 'x', message } } : 'nope' }),
    });
    renderWithQuery(<AdminScreen />);
    await userEvent.type(await screen.findByLabelText('Email'), 'a@b.test');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByTestId('login-error')).textContent).toBe(message);
    message = '';
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByTestId('login-error').textContent).toBe('Login failed. Please check your credentials.'));
  });

  it('enters the panel 500 ms after a successful sign-in', async () => {
    let signedIn = false;
    const api = fakeApi({
      'GET /api/auth/me': () => (signedIn ? me('super_admin', 'boss@silverboard.test') : unauthorized),
      'POST /api/auth/login': () => {
        signedIn = true;
        return { status: 200, body: { token: 't', user: { id: 'x', email: 'boss@silverboard.test', role: 'super_admin' }, expires_at: '2099-01-01T00:00:00Z' } };
      },
      'GET /api/admin/overview': overview,
    });
    renderWithQuery(<AdminScreen />);
    await userEvent.type(await screen.findByLabelText('Email'), 'boss@silverboard.test');
    await userEvent.type(screen.getByLabelText('Password'), 'right-password');
    const before = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ email: 'boss@silverboard.test', password: 'right-password' });
    expect(await screen.findByTestId('admin-header', {}, { timeout: 3000 })).toBeTruthy();
    expect(Date.now() - before).toBeGreaterThanOrEqual(450);
    expect(screen.getByTestId('admin-greeting').textContent).toBe('Welcome back, boss');
    expect(screen.getByTestId('admin-role').textContent).toBe('Super Admin');
    expect(screen.getByTestId('admin-email').textContent).toBe('boss@silverboard.test');
  });
});

describe('tabs', () => {
  it('shows a calendar manager only Overview and Calendar, with the Your Role badge', async () => {
    fakeApi({ 'GET /api/auth/me': me('calendar_access'), 'GET /api/admin/overview': overview, 'GET /api/admin/calendar-events': { status: 200, body: { items: [] } } });
    window.location.hash = '#users';
    renderWithQuery(<AdminScreen />);
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' });
    expect([...nav.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Overview', 'Calendar']);
    expect(screen.getByTestId('admin-section-overview')).toBeTruthy();
    expect(screen.getByTestId('admin-role').textContent).toBe('Calendar Manager');
    window.location.hash = '#calendar';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(await screen.findByTestId('your-role-badge')).toBeTruthy();
  });

  it("marks the super admin's Users tab with the Super Admin badge", async () => {
    fakeApi({ 'GET /api/auth/me': me('super_admin'), 'GET /api/admin/overview': overview });
    renderWithQuery(<AdminScreen />);
    expect((await screen.findByTestId('admin-tab-users')).textContent).toContain('Super Admin');
  });

  it("shows 'Error Loading Dashboard Stats' with Retry when the overview fails", async () => {
    let fail = true;
    fakeApi({
      'GET /api/auth/me': me('admin'),
      'GET /api/admin/overview': () =>
        fail
          ? { status: 500, body: { error: { code: 'x', message: 'x' } } }
          : { status: 200, body: { ...overview.body, news: { total: 3, active: 2, high_priority: 1 } } },
    });
    renderWithQuery(<AdminScreen />);
    expect(await screen.findByText('Error Loading Dashboard Stats')).toBeTruthy();
    expect(screen.getByText('Failed to load dashboard statistics. Please try again.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('stat-news')).textContent).toContain('2 active');
  });
});

describe('password recovery (a browser not signed in)', () => {
  beforeEach(() => window.localStorage.removeItem('staff-signed-in'));
  afterEach(() => window.history.replaceState(null, '', '/admin'));

  it('without mail on the site, tells staff to ask a super admin and offers no Forgot Password', async () => {
    fakeApi({ 'GET /api/auth/password-reset': { status: 200, body: { by_email: false } } });
    renderWithQuery(<AdminScreen />);
    expect((await screen.findByTestId('ask-super-admin')).textContent).toBe('Forgot your password? Ask a super admin to send you a reset link.');
    expect(screen.queryByRole('button', { name: 'Forgot Password' })).toBeNull();
  });

  it("with mail, 'Forgot Password' asks for a link and shows the server's answer", async () => {
    const message = 'If that email belongs to a staff account, a password reset link is on its way. It works once, within 30 minutes.';
    const api = fakeApi({
      'GET /api/auth/password-reset': { status: 200, body: { by_email: true } },
      'POST /api/auth/password-reset': { status: 202, body: { message } },
    });
    renderWithQuery(<AdminScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot Password' }));
    const form = screen.getByTestId('forgot-password-form');
    await userEvent.type(form.querySelector('input')!, ' ann@silverboard.test ');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect((await screen.findByTestId('forgot-password-sent')).textContent).toBe(message);
    expect(api.calls.at(-1)).toMatchObject({ method: 'POST', path: '/api/auth/password-reset', body: { email: 'ann@silverboard.test' } });
  });

  it('on /admin?reset=<token>, sets a new password; a spent link shows its message; Sign In drops the token from the address', async () => {
    window.history.replaceState(null, '', '/admin?reset=tok-1');
    let used = true;
    const api = fakeApi({
      'GET /api/auth/password-reset': { status: 200, body: { by_email: true } },
      'POST /api/auth/password-reset/confirm': () =>
        used
          ? { status: 400, body: { error: { code: 'reset_link_used', message: 'This password reset link has already been used. Please request a new one.' } } }
          : { status: 200, body: { message: 'Your password has been reset. Please sign in with your new password.' } },
    });
    renderWithQuery(<AdminScreen />);
    const submit = (await screen.findByRole('button', { name: 'Set New Password' })) as HTMLButtonElement;
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    expect(submit.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('New password'), '-but-long');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'short-but-lon');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'g');
    await userEvent.click(submit);
    expect((await screen.findByTestId('reset-password-error')).textContent).toBe('This password reset link has already been used. Please request a new one.');
    used = false;
    await userEvent.click(submit);
    expect((await screen.findByTestId('reset-password-done')).textContent).toBe('Your password has been reset. Please sign in with your new password.');
    expect(api.calls.at(-1)?.body).toEqual({ token: 'tok-1', password: 'short-but-long' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByTestId('admin-login')).toBeTruthy();
    expect(window.location.search).toBe('');
  });
});
