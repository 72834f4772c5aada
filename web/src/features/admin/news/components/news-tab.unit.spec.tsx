// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  NEWS_CONTENT_REQUIRED_MESSAGE,
  NEWS_DELETE_CONFIRM_MESSAGE,
  NEWS_TITLE_REQUIRED_MESSAGE,
  type AdminNewsItem,
} from '@xsd/contracts/api/admin-news';
import { PUSH_MESSAGES } from '@xsd/contracts/api/alerts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithQuery } from '../../testing/fake-api';
import { NewsTab } from './news-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ITEM: AdminNewsItem = {
  id: 'news-1',
  title: 'Bridge upgrade',
  content: '<p>Bridges pause at noon</p>',
  type: 'warning',
  priority: 2,
  is_active: true,
  expires_at: null,
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-20T09:00:00.000Z',
  notify_users: false,
  created_by: null,
};

/** The same item with notify_users on: what the send-push action needs. */
const PUSHABLE: AdminNewsItem = { ...ITEM, notify_users: true };

/** A news table the fake server keeps between calls. */
function newsServer(initial: AdminNewsItem[] = [ITEM]) {
  let items = initial;
  return fakeApi({
    'GET /api/admin/news': () => ({ status: 200, body: { items } }),
    'POST /api/admin/news': ({ body }) => {
      const item = { ...ITEM, ...(body as object), id: 'news-2' } as AdminNewsItem;
      items = [item, ...items];
      return { status: 201, body: { item } };
    },
    'PATCH /api/admin/news/news-1': ({ body }) => {
      items = items.map((item) => (item.id === 'news-1' ? { ...item, ...(body as object) } : item));
      return { status: 200, body: { item: items.find((item) => item.id === 'news-1') } };
    },
    'DELETE /api/admin/news/news-1': () => {
      items = items.filter((item) => item.id !== 'news-1');
      return { status: 200, body: { deleted: 'news-1' } };
    },
  });
}

describe('Breaking News tab', () => {
  it('requires a title and content, defaults priority to 1 of 1-5, and sends the new item', async () => {
    const api = newsServer([]);
    renderWithQuery(<NewsTab />);
    expect(await screen.findByText('No news items yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '+ New Item' }));
    const form = within(screen.getByTestId('news-form'));
    const priority = form.getByLabelText('Priority (1-5)') as HTMLSelectElement;
    expect(priority.value).toBe('1');
    expect(Array.from(priority.options, (o) => o.value)).toEqual(['1', '2', '3', '4', '5']);

    await userEvent.click(form.getByRole('button', { name: 'Create News' }));
    expect(form.getByRole('alert').textContent).toBe(NEWS_TITLE_REQUIRED_MESSAGE);
    await userEvent.type(form.getByLabelText('Title *'), 'Launch day');
    await userEvent.click(form.getByRole('button', { name: 'Create News' }));
    expect(form.getByRole('alert').textContent).toBe(NEWS_CONTENT_REQUIRED_MESSAGE);
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(form.getByLabelText('Content * (HTML allowed)'), 'XSD goes live');
    await userEvent.click(form.getByRole('button', { name: 'Create News' }));
    await vi.waitFor(() => expect(screen.queryByTestId('news-form')).toBeNull());
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      title: 'Launch day',
      content: 'XSD goes live',
      type: 'info',
      priority: 1,
      expires_at: null,
      notify_users: false,
      is_active: true,
    });
    expect(await screen.findByText('Launch day')).toBeTruthy();
  });

  it('hides and shows an item with the eye toggle', async () => {
    const api = newsServer();
    renderWithQuery(<NewsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Hide news item Bridge upgrade, shown' }));
    const show = await screen.findByRole('button', { name: 'Show news item Bridge upgrade, hidden' });
    expect(show.getAttribute('aria-pressed')).toBe('false');
    expect(show.textContent).toBe('○ hidden');
    expect(api.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ is_active: false });
  });

  it('deletes only after the confirmation', async () => {
    const api = newsServer();
    renderWithQuery(<NewsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete news item Bridge upgrade' }));
    expect(screen.getByRole('alertdialog').textContent).toContain(NEWS_DELETE_CONFIRM_MESSAGE);
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Delete' }));
    expect(await screen.findByText('No news items yet.')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/admin/news/news-1']);
  });
});

const sendButton = (title: string) => screen.queryByRole('button', { name: `Send push notification for ${title}` });

describe('Breaking News tab: the send-push action', () => {
  it('is offered for active items with notify_users on, and not for hidden, silent or expired ones', async () => {
    fakeApi({
      'GET /api/admin/news': {
        status: 200,
        body: {
          items: [
            PUSHABLE,
            { ...PUSHABLE, id: 'news-2', title: 'Hidden', is_active: false },
            { ...PUSHABLE, id: 'news-3', title: 'Silent', notify_users: false },
            { ...PUSHABLE, id: 'news-4', title: 'Old', expires_at: '2020-01-01T00:00:00.000Z' },
          ],
        },
      },
    });
    renderWithQuery(<NewsTab />);
    expect(await screen.findByRole('button', { name: 'Send push notification for Bridge upgrade' })).toBeTruthy();
    for (const title of ['Hidden', 'Silent', 'Old']) expect(sendButton(title)).toBeNull();
  });

  it('sends the item and reports sent, failed and total subscribers', async () => {
    let answer!: (value: { status: number; body: unknown }) => void;
    const api = fakeApi({
      'GET /api/admin/news': { status: 200, body: { items: [PUSHABLE] } },
      'POST /api/admin/news/news-1/push': new Promise((resolve) => (answer = resolve)),
    });
    renderWithQuery(<NewsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send push notification for Bridge upgrade' }));
    expect((await screen.findByRole('button', { name: 'Send push notification for Bridge upgrade' })).textContent).toBe('Sending...');
    answer({ status: 200, body: { success: true, sent: 41, failed: 2, total: 43 } });
    expect((await screen.findByTestId('news-push-result')).textContent).toBe('Notification sent! Sent: 41, Failed: 2, Total subscribers: 43');
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([['/api/admin/news/news-1/push', undefined]]);
  });

  it.each([
    [{ status: 409, body: { error: { code: 'news_not_pushable', message: PUSH_MESSAGES.newsNotPushable } } }, `HTTP 409: ${PUSH_MESSAGES.newsNotPushable}`],
    [{ status: 403, body: { error: { code: 'forbidden', message: 'Your role (Calendar Manager) does not allow the breaking_news permission.' } } }, PUSH_MESSAGES.sendAuthFailed],
    [{ status: 200, body: { ok: true } }, PUSH_MESSAGES.invalidResponse],
    [{ status: 200, body: { success: false, sent: 0, failed: 0, total: 0 } }, PUSH_MESSAGES.sendFailed],
  ])('shows the spec message when the send answers %j', async (response, message) => {
    fakeApi({ 'GET /api/admin/news': { status: 200, body: { items: [PUSHABLE] } }, 'POST /api/admin/news/news-1/push': response });
    renderWithQuery(<NewsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send push notification for Bridge upgrade' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByTestId('news-push-result')).toBeNull();
  });
});
