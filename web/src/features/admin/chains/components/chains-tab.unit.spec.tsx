// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHAIN_INACTIVE_WITHOUT_MESSAGE_WARNING, CHAIN_SAVED_MARKER_MS, type AdminChainSetting } from '@xsd/contracts/api/admin-chains';
import { DEFAULT_CHAIN_MAINTENANCE_MESSAGE } from '@xsd/contracts/api/prices';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithQuery } from '../../testing/fake-api';
import { ChainsTab } from './chains-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const BASE: AdminChainSetting = {
  chain_name: 'Base',
  display_name: 'Base',
  chain_id: 8453,
  is_active: true,
  coming_soon: false,
  maintenance_message: null,
  updated_at: null,
  custom_display_name: null,
  stored_maintenance_message: null,
  updated_by: null,
};

/** One chain the fake server keeps between calls. */
function chainsServer() {
  let chain = BASE;
  return fakeApi({
    'GET /api/admin/chains': () => ({ status: 200, body: { items: [chain] } }),
    'PATCH /api/admin/chains/Base': ({ body }) => {
      const changes = body as { is_active?: boolean; maintenance_message?: string | null; display_name?: string | null };
      chain = {
        ...chain,
        ...(changes.is_active === undefined ? {} : { is_active: changes.is_active }),
        ...(changes.maintenance_message === undefined ? {} : { stored_maintenance_message: changes.maintenance_message }),
        updated_at: '2026-11-22T14:00:00.000Z',
      };
      return { status: 200, body: { item: chain } };
    },
  });
}

describe('Chain Settings tab', () => {
  it('warns while a chain set to maintenance has no message, previewing the default banner', async () => {
    chainsServer();
    renderWithQuery(<ChainsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Base' }));
    const form = within(screen.getByTestId('chain-form'));
    expect(form.queryByTestId('chain-message-warning')).toBeNull();
    await userEvent.selectOptions(form.getByLabelText('Status of Base'), 'maintenance');
    expect(form.getByTestId('chain-message-warning').textContent).toBe(CHAIN_INACTIVE_WITHOUT_MESSAGE_WARNING);
    expect(form.getByLabelText('Maintenance banner preview').textContent).toContain(DEFAULT_CHAIN_MAINTENANCE_MESSAGE);
    await userEvent.type(form.getByLabelText('Maintenance message'), 'Bridge upgrade');
    expect(form.queryByTestId('chain-message-warning')).toBeNull();
    expect(form.getByLabelText('Maintenance banner preview').textContent).toContain('Bridge upgrade');
  });

  it("saves, then shows the 'Saved' marker for 3 s", async () => {
    const api = chainsServer();
    renderWithQuery(<ChainsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Set Maintenance: Base' }));
    const marker = await screen.findByTestId('chain-saved');
    const shownAt = Date.now();
    expect(marker.textContent).toBe('✓ Saved');
    expect(within(screen.getByTestId('chain-Base')).getByTestId('chain-status').textContent).toBe('maintenance');
    expect(api.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ is_active: false });
    await vi.waitFor(() => expect(screen.queryByTestId('chain-saved')).toBeNull(), { timeout: CHAIN_SAVED_MARKER_MS + 1_000, interval: 100 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(CHAIN_SAVED_MARKER_MS - 200);
  });
});
