// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHANNEL_CHAT_MESSAGE, CHANNEL_SECRET_COPIED_BUTTON, type Channel } from '@xsd/contracts/api/admin-channels';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithQuery } from '../../testing/fake-api';
import { ChannelsTab } from './channels-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SECRET = 'whsec_MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=';
const channel = (id: string, name: string, extra: Partial<Channel> = {}): Channel => ({
  id,
  kind: 'discord',
  name,
  url_or_chat: 'https://discord.com/api/webhooks/1/••••••',
  events: ['breaking_news'],
  paused: false,
  paused_reason: null,
  created_by: null,
  created_at: '2026-11-25T09:00:00.000Z',
  updated_at: '2026-11-25T09:00:00.000Z',
  deliveries: [],
  ...extra,
});

function channelsServer() {
  let items: Channel[] = [
    channel('c-1', 'Community Discord', {
      paused: true,
      paused_reason: 'Failing for 24 h: HTTP 500',
      deliveries: [
        { id: 'd-1', event: 'breaking_news', title: 'XSD v2', status: 'failed', attempts: 5, last_status: 500, last_error: 'HTTP 500', created_at: '2026-11-24T09:00:00.000Z', finished_at: '2026-11-25T09:00:00.000Z' },
      ],
    }),
  ];
  return fakeApi({
    'GET /api/admin/channels': () => ({ status: 200, body: { items } }),
    'POST /api/admin/channels': ({ body }) => {
      const request = body as { kind: Channel['kind']; name: string; url_or_chat: string; events: Channel['events'] };
      const item = channel('c-2', request.name, { kind: request.kind, url_or_chat: request.url_or_chat, events: request.events });
      items = [...items, item];
      return { status: 201, body: { item, secret: request.kind === 'webhook' ? SECRET : null } };
    },
  });
}

describe('Channels tab', () => {
  it('shows a paused channel with its reason and its last deliveries with their outcomes', async () => {
    channelsServer();
    renderWithQuery(<ChannelsTab />);
    const item = await screen.findByTestId('channel-item');
    expect(within(item).getByTestId('channel-paused-reason').textContent).toBe('Paused: Failing for 24 h: HTTP 500');
    expect(within(item).getByTestId('channel-deliveries').textContent).toMatch(/failed XSD v2 · Breaking news · .* · 5 tries · HTTP 500/);
    expect(within(item).getByRole('button', { name: 'Resume channel Community Discord' })).toBeTruthy();
  });

  it('checks a Telegram chat in the form, then shows a new webhook secret once', async () => {
    const api = channelsServer();
    renderWithQuery(<ChannelsTab />);
    await screen.findByTestId('channel-item');
    await userEvent.click(screen.getByRole('button', { name: '+ New Channel' }));
    const form = within(screen.getByTestId('channel-form'));
    await userEvent.selectOptions(form.getByLabelText('Kind *'), 'telegram');
    await userEvent.type(form.getByLabelText('Name *'), 'TG');
    await userEvent.type(form.getByLabelText(/Chat id/), 'https://t.me/x');
    await userEvent.click(form.getByRole('button', { name: 'Create Channel' }));
    expect(form.getByRole('alert').textContent).toBe(CHANNEL_CHAT_MESSAGE);
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.selectOptions(form.getByLabelText('Kind *'), 'webhook');
    await userEvent.clear(form.getByLabelText(/Webhook URL/));
    await userEvent.type(form.getByLabelText(/Webhook URL/), 'https://hooks.example/xsd');
    await userEvent.click(form.getByLabelText('Maintenance'));
    await userEvent.click(form.getByRole('button', { name: 'Create Channel' }));
    expect((await screen.findByTestId('channel-secret-value')).textContent).toBe(SECRET);
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      kind: 'webhook',
      name: 'TG',
      url_or_chat: 'https://hooks.example/xsd',
      events: ['breaking_news', 'maintenance'],
    });
    await userEvent.click(screen.getByRole('button', { name: CHANNEL_SECRET_COPIED_BUTTON }));
    expect((await screen.findAllByTestId('channel-item')).length).toBe(2);
    expect(document.body.textContent).not.toContain(SECRET);
  });
});
