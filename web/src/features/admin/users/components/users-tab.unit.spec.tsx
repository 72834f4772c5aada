// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffAccount } from '@xsd/contracts/api/admin-users';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithQuery } from '../../testing/fake-api';
import { UsersTab } from './users-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const account = (id: string, email: string, role: StaffAccount['role']): StaffAccount => ({
  id,
  email,
  role,
  created_at: '2026-11-01T10:00:00.000Z',
  last_login: null,
});
const SELF = account('self-0001', 'boss@silverboard.test', 'super_admin');
const OTHER = account('other-0002', 'editor@silverboard.test', 'admin');

/** A users table the fake server keeps between calls. */
function usersServer() {
  let items = [SELF, OTHER];
  return fakeApi({
    'GET /api/admin/users': () => ({ status: 200, body: { items } }),
    'POST /api/admin/users': ({ body }) => {
      const { email, role } = body as { email: string; role: StaffAccount['role'] };
      const user = account('new-0003', email, role);
      items = [...items, user];
      return { status: 201, body: { user, password: 'Xy7#kP2m!Qa9' } };
    },
    'DELETE /api/admin/users/other-0002': () => {
      items = items.filter((item) => item.id !== OTHER.id);
      return { status: 200, body: { deleted: OTHER.id } };
    },
  });
}

describe('Users tab', () => {
  it('offers no delete on one’s own row, and asks "cannot be undone" before deleting another', async () => {
    const api = usersServer();
    renderWithQuery(<UsersTab user={{ id: SELF.id, email: SELF.email, role: 'super_admin', last_login: null }} />);
    const own = await screen.findByTestId(`user-${SELF.email}`);
    expect(within(own).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect((within(own).getByLabelText(`Role of ${SELF.email}`) as HTMLSelectElement).disabled).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: `Delete user ${OTHER.email}` }));
    expect(screen.getByRole('alertdialog').textContent).toContain(`Delete ${OTHER.email}? This cannot be undone.`);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: `Delete user ${OTHER.email}` }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Delete' }));
    await vi.waitFor(() => expect(screen.queryByTestId(`user-${OTHER.email}`)).toBeNull());
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/admin/users/other-0002']);
  });

  it('creates a user and shows the generated password once; Back returns to the list without it', async () => {
    const api = usersServer();
    renderWithQuery(<UsersTab user={{ id: SELF.id, email: SELF.email, role: 'super_admin', last_login: null }} />);
    await screen.findByTestId(`user-${SELF.email}`);
    await userEvent.click(screen.getByRole('button', { name: '+ Add User' }));
    const form = within(screen.getByTestId('user-form'));
    const submit = form.getByRole('button', { name: 'Create User' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await userEvent.type(form.getByLabelText('Email'), '  new@silverboard.test ');
    await userEvent.selectOptions(form.getByLabelText('Role'), 'calendar_access');
    await userEvent.click(submit);

    expect((await screen.findByTestId('credentials-password')).textContent).toBe('Xy7#kP2m!Qa9');
    expect(screen.getByTestId('credentials-email').textContent).toBe('new@silverboard.test');
    expect(screen.getByText('Give these credentials to the new user. The password is not shown again.')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ email: 'new@silverboard.test', role: 'calendar_access' });

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByTestId('user-new@silverboard.test')).toBeTruthy();
    expect(screen.queryByText('Xy7#kP2m!Qa9')).toBeNull();
  });
});
