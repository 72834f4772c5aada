// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithQuery } from '../../testing/fake-api';
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

  it('answers the admin reset with the coming-soon message after its checks', async () => {
    fakeApi({});
    renderWithQuery(<PasswordsTab />);
    const panel = screen.getByTestId('admin-reset');
    const button = panel.querySelector('button[type="submit"]') as HTMLButtonElement;
    await userEvent.click(button);
    expect(screen.getByTestId('admin-reset-message').textContent).toBe('Email is required');
    await userEvent.type(screen.getByLabelText('User email'), 'someone@silverboard.test');
    await userEvent.click(button);
    expect(screen.getByTestId('admin-reset-message').textContent).toBe('Password must be at least 8 characters long');
    const inputs = panel.querySelectorAll('input[autocomplete="new-password"]');
    await userEvent.type(inputs[0]!, 'long-enough-1');
    await userEvent.type(inputs[1]!, 'long-enough-1');
    await userEvent.click(button);
    expect(screen.getByTestId('admin-reset-message').textContent).toBe(
      'Admin password reset functionality is coming soon. Please ask users to reset their own passwords for now.',
    );
  });
});
