// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithQuery } from '../testing/fake-api';
import { AdminHeader } from './admin-header';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = (role: 'admin' | 'calendar_access') => ({ id: `id-${role}`, email: `${role}@silverboard.test`, role, last_login: null });

describe("the header's new-message bell", () => {
  it.each([
    [1, '1 new message'],
    [3, '3 new messages'],
  ])('given %i new, it reads %j and links to the Contact Submissions tab', async (count, label) => {
    fakeApi({ 'GET /api/admin/contact-submissions/new-count': { status: 200, body: { count } } });
    renderWithQuery(<AdminHeader user={user('admin')} />);
    const bell = await screen.findByTestId('admin-bell');
    expect(bell.textContent?.trim()).toBe(label);
    expect(bell.getAttribute('href')).toBe('/admin#contact_submissions');
  });

  it('is absent, and never asked for, for a role without the contact permission', async () => {
    const api = fakeApi({ 'GET /api/admin/contact-submissions/new-count': { status: 200, body: { count: 2 } } });
    renderWithQuery(<AdminHeader user={user('calendar_access')} />);
    await screen.findByTestId('admin-role');
    expect(screen.queryByTestId('admin-bell')).toBeNull();
    expect(api.calls).toEqual([]);
  });
});
