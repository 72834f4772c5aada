// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  API_KEY_COPIED_BUTTON,
  API_KEY_NAME_REQUIRED_MESSAGE,
  API_KEY_PERMISSION_REQUIRED_MESSAGE,
  type ApiKey,
} from '@xsd/contracts/api/admin-api-keys';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithQuery } from '../../testing/fake-api';
import { ApiKeysTab } from './api-keys-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SECRET = 'sk_0123456789abcdef0123456789abcdef0123456789abcd';
const keyItem = (id: string, name: string): ApiKey => ({
  id,
  name,
  permissions: ['send_notifications'],
  created_by: null,
  created_at: '2026-11-20T09:00:00.000Z',
  expires_at: null,
  last_used_at: null,
  expired: false,
});

function keysServer() {
  let items = [keyItem('key-1', 'Web Push Notifications')];
  return fakeApi({
    'GET /api/admin/api-keys': () => ({ status: 200, body: { items } }),
    'POST /api/admin/api-keys': ({ body }) => {
      const item = { ...keyItem('key-2', (body as { name: string }).name), permissions: (body as ApiKey).permissions };
      items = [...items, item];
      return { status: 201, body: { item, key: SECRET } };
    },
  });
}

describe('API Keys tab', () => {
  it('lists keys masked with 48 dots and never their value', async () => {
    keysServer();
    renderWithQuery(<ApiKeysTab />);
    const item = await screen.findByTestId('api-key-item');
    expect(within(item).getByLabelText('Key (hidden)').textContent).toBe('•'.repeat(48));
  });

  it('needs a name and at least one permission, then shows the key once until "I\'ve Copied My Key"', async () => {
    const api = keysServer();
    renderWithQuery(<ApiKeysTab />);
    await screen.findByTestId('api-key-item');
    await userEvent.click(screen.getByRole('button', { name: '+ New Key' }));
    const form = within(screen.getByTestId('api-key-form'));
    await userEvent.click(form.getByRole('button', { name: 'Create Key' }));
    expect(form.getByRole('alert').textContent).toBe(API_KEY_NAME_REQUIRED_MESSAGE);

    await userEvent.type(form.getByLabelText('Name *'), 'Notifier');
    await userEvent.click(form.getByLabelText('send_notifications'));
    await userEvent.click(form.getByLabelText('read_subscriptions'));
    await userEvent.click(form.getByRole('button', { name: 'Create Key' }));
    expect(form.getByRole('alert').textContent).toBe(API_KEY_PERMISSION_REQUIRED_MESSAGE);
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(form.getByLabelText('read_subscriptions'));
    await userEvent.click(form.getByRole('button', { name: 'Create Key' }));
    expect((await screen.findByTestId('api-key-value')).textContent).toBe(SECRET);
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Notifier', permissions: ['read_subscriptions'], expires_at: null });
    // Only this view until the key is acknowledged.
    expect(screen.queryByTestId('api-keys-list')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: API_KEY_COPIED_BUTTON }));
    expect(await screen.findByText('Notifier')).toBeTruthy();
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(screen.getAllByLabelText('Key (hidden)').map((node) => node.textContent)).toEqual(['•'.repeat(48), '•'.repeat(48)]);
  });
});
