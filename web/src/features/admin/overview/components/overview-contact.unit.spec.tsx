// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import type { AdminOverviewResponse } from '@xsd/contracts/api/admin-overview';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithQuery } from '../../testing/fake-api';
import { OverviewTab } from './overview-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const overview = (contact: AdminOverviewResponse['contact_submissions']): AdminOverviewResponse => ({
  news: null,
  calendar_events: null,
  chains: null,
  staff: null,
  api_keys: null,
  analytics: null,
  contact_submissions: contact,
  generated_at: '2026-11-21T10:00:00.000Z',
});
const admin = { id: 'id-admin', email: 'admin@silverboard.test', role: 'admin' as const, last_login: null };

describe("the overview's contact messages", () => {
  it('given new messages, shows the card and an alert linking to the tab', async () => {
    fakeApi({ 'GET /api/admin/overview': { status: 200, body: overview({ total: 4, new: 1 }) } });
    renderWithQuery(<OverviewTab user={admin} />);
    expect((await screen.findByTestId('stat-contact')).textContent).toContain('1 new');
    const alert = screen.getByTestId('overview-contact-alert');
    expect(alert.textContent).toContain('You have 1 new message.');
    expect(alert.querySelector('a')?.getAttribute('href')).toBe('/admin#contact_submissions');
  });

  it('given none new, no alert; given no permission (null), neither card nor alert', async () => {
    fakeApi({ 'GET /api/admin/overview': { status: 200, body: overview({ total: 4, new: 0 }) } });
    renderWithQuery(<OverviewTab user={admin} />);
    await screen.findByTestId('stat-contact');
    expect(screen.queryByTestId('overview-contact-alert')).toBeNull();
    cleanup();
    fakeApi({ 'GET /api/admin/overview': { status: 200, body: overview(null) } });
    renderWithQuery(<OverviewTab user={admin} />);
    await screen.findByTestId('overview-cards');
    expect(screen.queryByTestId('stat-contact')).toBeNull();
  });
});
