// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithQuery } from '../../testing/fake-api';
import { MaintenanceTab } from './maintenance-tab';

const off = { maintenance_mode: false, maintenance_title: null, maintenance_message: null, expected_up_time: null, updated_at: null };
const failure = { status: 500, body: { error: { code: 'x', message: 'x' } } };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Maintenance Mode tab', () => {
  it('toggles maintenance through PUT /api/admin/site and shows the new state', async () => {
    const api = fakeApi({
      'GET /api/site': { status: 200, body: off },
      'PUT /api/admin/site': ({ body }) => ({ status: 200, body: { ...off, ...(body as object) } }),
    });
    renderWithQuery(<MaintenanceTab />);
    expect((await screen.findByTestId('maintenance-state')).textContent).toBe('OFF');
    await userEvent.click(screen.getByRole('button', { name: 'Enable Maintenance' }));
    expect(await screen.findByRole('button', { name: 'Disable Maintenance' })).toBeTruthy();
    expect(screen.getByTestId('maintenance-state').textContent).toBe('ON');
    expect(api.calls.at(-1)).toMatchObject({ method: 'PUT', body: { maintenance_mode: true } });
  });

  it("saves the settings form and shows 'Settings updated successfully!' for 3 s", async () => {
    const api = fakeApi({
      'GET /api/site': { status: 200, body: off },
      'PUT /api/admin/site': ({ body }) => ({ status: 200, body: { ...off, ...(body as object) } }),
    });
    renderWithQuery(<MaintenanceTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Settings' }));
    await userEvent.type(screen.getByLabelText('Title'), 'Upgrade');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect((await screen.findByTestId('site-saved')).textContent).toBe('Settings updated successfully!');
    expect(api.calls.at(-1)?.body).toEqual({ maintenance_mode: false, maintenance_title: 'Upgrade', maintenance_message: null, expected_up_time: null });
    expect(screen.getByTestId('maintenance-preview').textContent).toContain('Upgrade');
    await vi.waitFor(() => expect(screen.queryByTestId('site-saved')).toBeNull(), { timeout: 4_000, interval: 100 });
  });

  it("shows the spec's messages when loading, toggling or saving fails", async () => {
    let loadFails = true;
    fakeApi({ 'GET /api/site': () => (loadFails ? failure : { status: 200, body: off }), 'PUT /api/admin/site': failure });
    renderWithQuery(<MaintenanceTab />);
    expect(await screen.findByText('Failed to load site settings. Please try again.')).toBeTruthy();
    loadFails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Enable Maintenance' }));
    expect(await screen.findByText('Failed to toggle maintenance mode. Please try again.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Settings' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Failed to update site settings. Please try again.')).toBeTruthy();
  });
});
