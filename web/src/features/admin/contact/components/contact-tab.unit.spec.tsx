// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CONTACT_DELETE_CONFIRM_MESSAGE,
  CONTACT_REPLY_FAILED_MESSAGE,
  CONTACT_REPLY_SENT_MESSAGE,
  type ContactSubmission,
} from '@xsd/contracts/api/contact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithQuery } from '../../testing/fake-api';
import { ContactTab } from './contact-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NEW: ContactSubmission = {
  id: 'c-1',
  name: 'Ada Lovelace with a rather long name',
  email: 'ada@example.com',
  phone: '+1 555',
  subject: 'Bug Report',
  message: 'The chart is blank.',
  photo_url: '/api/admin/contact-submissions/c-1/photo',
  status: 'new',
  created_at: '2026-11-21T10:00:00.000Z',
  admin_reply: null,
  replied_at: null,
  replied_by: null,
};
const ARCHIVED: ContactSubmission = { ...NEW, id: 'c-2', name: 'Grace', subject: 'Other', photo_url: null, status: 'archived' };

/** The table the fake server keeps between calls; `failReply` makes replies fail. */
function contactServer(failReply = false) {
  let items = [NEW, ARCHIVED];
  const patch = (id: string) => ({ body }: { body: unknown }) => {
    const change = body as { status?: string; admin_reply?: string };
    if (change.admin_reply !== undefined && failReply) return { status: 500, body: { error: { code: 'internal', message: 'x' } } };
    items = items.map((item) =>
      item.id !== id
        ? item
        : change.admin_reply !== undefined
          ? { ...item, status: 'replied' as const, admin_reply: change.admin_reply, replied_at: '2026-11-21T11:00:00.000Z', replied_by: 'staff-1' }
          : { ...item, status: change.status as ContactSubmission['status'] },
    );
    return { status: 200, body: { item: items.find((item) => item.id === id) } };
  };
  return fakeApi({
    'GET /api/admin/contact-submissions': () => ({ status: 200, body: { items } }),
    'PATCH /api/admin/contact-submissions/c-1': patch('c-1'),
    'PATCH /api/admin/contact-submissions/c-2': patch('c-2'),
    'DELETE /api/admin/contact-submissions/c-1': () => {
      items = items.filter((item) => item.id !== 'c-1');
      return { status: 200, body: { deleted: 'c-1' } };
    },
  });
}

describe('the Contact Submissions tab', () => {
  it('lists messages with subject icons and truncated names; search and the status filter narrow it', async () => {
    const user = userEvent.setup();
    contactServer();
    renderWithQuery(<ContactTab />);
    const list = await screen.findByTestId('contact-list');
    expect(within(list).getAllByRole('button')).toHaveLength(2);
    expect(screen.getByTestId('contact-row-c-1').textContent).toContain('🐛');
    expect(screen.getByTestId('contact-row-c-2').textContent).toContain('✉');
    expect(screen.getByTitle(NEW.name).className).toBe('contact-admin__name');
    await user.type(screen.getByTestId('contact-search'), 'grace');
    expect(within(screen.getByTestId('contact-list')).getAllByRole('button')).toHaveLength(1);
    await user.clear(screen.getByTestId('contact-search'));
    await user.selectOptions(screen.getByTestId('contact-status-filter'), 'new');
    expect(within(screen.getByTestId('contact-list')).getAllByRole('button').map((b) => b.dataset.testid)).toEqual(['contact-row-c-1']);
  });

  it('opening a new message marks it read, shows its photo, and a reply sets it replied', async () => {
    const user = userEvent.setup();
    const api = contactServer();
    renderWithQuery(<ContactTab />);
    await user.click(await screen.findByTestId('contact-row-c-1'));
    await waitFor(() => expect(screen.getByTestId('contact-detail-status').textContent).toBe('read'));
    expect(api.calls).toContainEqual({ method: 'PATCH', path: '/api/admin/contact-submissions/c-1', body: { status: 'read' } });
    expect(screen.getByTestId('contact-detail-photo').getAttribute('src')).toBe(NEW.photo_url);
    const send = screen.getByRole('button', { name: 'Send Reply' }) as HTMLButtonElement;
    await user.type(screen.getByTestId('contact-reply-text'), '   ');
    expect(send.disabled).toBe(true);
    await user.type(screen.getByTestId('contact-reply-text'), ' Fixed, thanks! ');
    await user.click(send);
    expect((await screen.findByRole('status')).textContent).toBe(CONTACT_REPLY_SENT_MESSAGE);
    expect(api.calls.at(-2)).toEqual({ method: 'PATCH', path: '/api/admin/contact-submissions/c-1', body: { admin_reply: 'Fixed, thanks!' } });
    await waitFor(() => expect(screen.getByTestId('contact-detail-reply').textContent).toContain('Fixed, thanks!'));
  });

  it('a failed reply says so inline', async () => {
    const user = userEvent.setup();
    contactServer(true);
    renderWithQuery(<ContactTab />);
    await user.click(await screen.findByTestId('contact-row-c-1'));
    await user.type(screen.getByTestId('contact-reply-text'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Reply' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CONTACT_REPLY_FAILED_MESSAGE);
  });

  it('archiving hides the reply form; an archived message has none', async () => {
    const user = userEvent.setup();
    contactServer();
    renderWithQuery(<ContactTab />);
    await user.click(await screen.findByTestId('contact-row-c-2'));
    expect(screen.queryByTestId('contact-reply-form')).toBeNull();
    await user.click(screen.getByTestId('contact-row-c-1'));
    expect(screen.getByTestId('contact-reply-form')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(screen.queryByTestId('contact-reply-form')).toBeNull());
    expect(screen.getByTestId('contact-detail-status').textContent).toBe('archived');
  });

  it('deleting asks first, then the message is gone', async () => {
    const user = userEvent.setup();
    contactServer();
    renderWithQuery(<ContactTab />);
    await user.click(await screen.findByTestId('contact-row-c-1'));
    await user.click(screen.getByRole('button', { name: `Delete the message from ${NEW.name}` }));
    expect(screen.getByRole('alertdialog').textContent).toContain(CONTACT_DELETE_CONFIRM_MESSAGE);
    await user.click(screen.getByRole('button', { name: 'Confirm Delete' }));
    await waitFor(() => expect(screen.queryByTestId('contact-row-c-1')).toBeNull());
    expect(screen.queryByTestId('contact-details')).toBeNull();
  });
});
