// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, me, renderWithQuery } from '../../testing/fake-api';
import { PasswordsTab } from './passwords-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openForm() {
  await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
  const form = within(screen.getByTestId('change-password-form'));
  return {
    current: form.getByLabelText('Current password'),
    next: form.getByLabelText('New password'),
    confirm: form.getByLabelText('Confirm new password'),
    submit: form.getByRole('button', { name: 'Update Password' }) as HTMLButtonElement,
  };
}

describe('Passwords tab', () => {
  // The session the panel was opened with (the reset panel reads the role from it).
  beforeEach(() => window.localStorage.setItem('staff-signed-in', '1'));
  afterEach(() => window.localStorage.removeItem('staff-signed-in'));

  it('rates strength, flags a mismatch inline and keeps submit disabled until the passwords match', async () => {
    fakeApi({});
    renderWithQuery(<PasswordsTab />);
    const form = await openForm();
    await userEvent.type(form.current, 'old-password');
    await userEvent.type(form.next, 'abc');
    expect(screen.getByTestId('password-strength').textContent).toBe('Strength: Weak');
    await userEvent.type(form.next, 'D');
    expect(screen.getByTestId('password-strength').textContent).toBe('Strength: Medium');
    await userEvent.type(form.next, 'EF12!');
    expect(screen.getByTestId('password-strength').textContent).toBe('Strength: Strong');
    await userEvent.type(form.confirm, 'abcDEF1');
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(form.submit.disabled).toBe(true);
    await userEvent.type(form.confirm, '2!');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    expect(form.submit.disabled).toBe(false);
  });

  it("sends the change, then collapses with 'Password updated successfully!'; shows the server's refusal", async () => {
    let wrong = true;
    const api = fakeApi({
      'POST /api/auth/password': () =>
        wrong
          ? { status: 400, body: { error: { code: 'wrong_password', message: 'Current password is incorrect' } } }
          : { status: 200, body: { message: 'Password updated successfully!' } },
    });
    renderWithQuery(<PasswordsTab />);
    const form = await openForm();
    await userEvent.type(form.current, 'bad');
    await userEvent.type(form.next, 'new-password-1');
    await userEvent.type(form.confirm, 'new-password-1');
    await userEvent.click(form.submit);
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    wrong = false;
    await userEvent.click(form.submit);
    expect(await screen.findByText('Password updated successfully!')).toBeTruthy();
    expect(screen.queryByTestId('change-password-form')).toBeNull();
    expect(api.calls.at(-1)?.body).toEqual({ currentPassword: 'bad', newPassword: 'new-password-1', confirmPassword: 'new-password-1' });
  });

  it("lets a super admin send a reset link: mailed, or shown to hand over when the site has no mail", async () => {
    let mail = true;
    const api = fakeApi({
      'GET /api/auth/me': me('super_admin'),
      'POST /api/admin/users/password-reset': ({ body }) =>
        (body as { email: string }).email === 'ghost@silverboard.test'
          ? { status: 404, body: { error: { code: 'account_not_found', message: 'Staff account not found' } } }
          : {
              status: 200,
              body: mail
                ? { sent_to: 'ann@silverboard.test', link: null, expires_at: '2026-11-21T10:30:00.000Z' }
                : { sent_to: null, link: 'http://localhost:8080/admin?reset=abc', expires_at: '2026-11-21T10:30:00.000Z' },
            },
    });
    renderWithQuery(<PasswordsTab />);
    const email = await screen.findByLabelText('User email');
    const send = screen.getByRole('button', { name: 'Send Reset Link' });
    await userEvent.type(email, 'ann@silverboard.test');
    await userEvent.click(send);
    expect(await screen.findByText('Password reset link sent to ann@silverboard.test. It works once, within 30 minutes.')).toBeTruthy();
    expect(api.calls.at(-1)).toMatchObject({ method: 'POST', path: '/api/admin/users/password-reset', body: { email: 'ann@silverboard.test' } });
    mail = false;
    await userEvent.click(send);
    expect(((await screen.findByTestId('admin-reset-link')) as HTMLInputElement).value).toBe('http://localhost:8080/admin?reset=abc');
    await userEvent.clear(email);
    await userEvent.type(email, 'ghost@silverboard.test');
    await userEvent.click(send);
    expect(await screen.findByText('Staff account not found')).toBeTruthy();
  });

  it('tells other roles that only a super admin sends reset links', async () => {
    fakeApi({ 'GET /api/auth/me': me('admin') });
    renderWithQuery(<PasswordsTab />);
    expect(await screen.findByText('Only a super admin can send reset links.')).toBeTruthy();
    expect(screen.queryByLabelText('User email')).toBeNull();
  });
});
