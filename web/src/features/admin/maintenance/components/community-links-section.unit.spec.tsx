// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { communityLinkMessage } from '@xsd/contracts/api/community-links';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithQuery } from '../../testing/fake-api';
import { MaintenanceTab } from './maintenance-tab';

const site = {
  maintenance_mode: false,
  maintenance_title: null,
  maintenance_message: null,
  expected_up_time: null,
  updated_at: null,
  community_links: { shop: 'https://store.example/xsd', youtube: null },
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = (id: string) => screen.getByTestId(`community-link:${id}`) as HTMLInputElement;

describe("the Maintenance tab's Community Links section", () => {
  it('shows the links in force and sends only the fields changed through PATCH /api/admin/site/links', async () => {
    const api = fakeApi({
      'GET /api/site': { status: 200, body: site },
      'PATCH /api/admin/site/links': ({ body }) => ({ status: 200, body: { ...site, community_links: { ...site.community_links, ...(body as object) } } }),
    });
    renderWithQuery(<MaintenanceTab />);
    expect((await screen.findByTestId('community-link:shop') as HTMLInputElement).value).toBe('https://store.example/xsd');
    expect(field('youtube').value).toBe('');
    expect(field('github').value).toBe('https://github.com/BankXio');
    await userEvent.clear(field('shop'));
    await userEvent.type(field('shop'), 'https://shop.example/new');
    await userEvent.type(field('youtube'), 'https://www.youtube.com/@xsd');
    await userEvent.click(screen.getByRole('button', { name: 'Save Links' }));
    expect(await screen.findByTestId('community-links-saved')).toBeTruthy();
    expect(api.calls.at(-1)).toEqual({
      method: 'PATCH',
      path: '/api/admin/site/links',
      body: { shop: 'https://shop.example/new', youtube: 'https://www.youtube.com/@xsd' },
    });
    expect(field('shop').value).toBe('https://shop.example/new');
  });

  it('names a link that is not https before sending anything, and shows the server refusal otherwise', async () => {
    const api = fakeApi({
      'GET /api/site': { status: 200, body: site },
      'PATCH /api/admin/site/links': { status: 403, body: { error: { code: 'forbidden', message: 'You do not have permission to do this.' } } },
    });
    renderWithQuery(<MaintenanceTab />);
    await userEvent.type(await screen.findByTestId('community-link:x'), 'http://x.com/xsd');
    await userEvent.click(screen.getByRole('button', { name: 'Save Links' }));
    expect((await screen.findByRole('alert')).textContent).toBe(communityLinkMessage('x'));
    expect(api.calls.filter((call) => call.method === 'PATCH')).toEqual([]);
    await userEvent.clear(field('x'));
    await userEvent.type(field('x'), 'https://x.com/xsd');
    await userEvent.click(screen.getByRole('button', { name: 'Save Links' }));
    expect(await screen.findByText('You do not have permission to do this.')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
  });
});
