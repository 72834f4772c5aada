// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACTIVITY_LOAD_FAILED_MESSAGE, type ActivityEntry } from '@xsd/contracts/api/admin-activity';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithQuery } from '../../testing/fake-api';
import { ActivityTab } from './activity-tab';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ENTRIES: ActivityEntry[] = [
  {
    sequence: 2,
    event_id: 'event-2',
    action: 'news.updated',
    occurred_at: '2026-11-21T10:00:00.000Z',
    actor: { kind: 'staff', id: 'staff-1', email: 'editor@silverboard.test' },
    target: { kind: 'news', id: 'news-1', label: 'Bridge upgrade' },
    before: { priority: 1 },
    after: { priority: 4 },
  },
  {
    sequence: 1,
    event_id: 'event-1',
    action: 'chain.updated',
    occurred_at: '2026-11-20T10:00:00.000Z',
    actor: { kind: 'system', id: null, email: null },
    target: { kind: 'chain', id: 'Base', label: null },
    before: null,
    after: null,
  },
];

/** Filters the way the route does: actor by email, action by prefix. */
function activityServer() {
  return fakeApi({
    'GET /api/admin/activity': ({ path }) => {
      const query = new URL(path, 'http://x').searchParams;
      const actor = query.get('actor');
      const action = query.get('action');
      const items = ENTRIES.filter(
        (entry) => (!actor || entry.actor.email === actor || (actor === 'system' && entry.actor.kind === 'system')) && (!action || entry.action.startsWith(action)),
      );
      return { status: 200, body: { items, next_before: null } };
    },
  });
}

const entries = () => screen.queryAllByTestId('activity-entry');

describe('Activity tab', () => {
  it('lists entries newest first with who, what and the changed fields', async () => {
    activityServer();
    renderWithQuery(<ActivityTab />);
    await vi.waitFor(() => expect(entries()).toHaveLength(2));
    const [first, second] = entries();
    expect(first!.textContent).toContain('editor@silverboard.test');
    expect(first!.textContent).toContain('news.updated');
    expect(within(first!).getByRole('rowheader', { name: 'priority' })).toBeTruthy();
    expect(second!.textContent).toContain('system');
    expect(second!.textContent).toContain('chain Base');
  });

  it('sends the filters on Apply (until through the end of that day), shows none matching, and Clear resets', async () => {
    const api = activityServer();
    renderWithQuery(<ActivityTab />);
    await vi.waitFor(() => expect(entries()).toHaveLength(2));
    await userEvent.type(screen.getByLabelText("Actor (email, id or 'system')"), 'editor@silverboard.test');
    await userEvent.type(screen.getByLabelText('Action (e.g. news or news.created)'), 'news');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-21' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await vi.waitFor(() => expect(entries()).toHaveLength(1));
    const query = new URL(api.calls.at(-1)!.path, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      actor: 'editor@silverboard.test',
      action: 'news',
      since: '2026-11-01',
      until: '2026-11-22T00:00:00.000Z',
    });

    await userEvent.clear(screen.getByLabelText('Action (e.g. news or news.created)'));
    await userEvent.type(screen.getByLabelText('Action (e.g. news or news.created)'), 'site');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('No matching activity.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await vi.waitFor(() => expect(entries()).toHaveLength(2));
    expect((screen.getByLabelText("Actor (email, id or 'system')") as HTMLInputElement).value).toBe('');
    expect(api.calls.at(-1)!.path).toBe('/api/admin/activity');
  });

  it("shows 'Failed to load the activity log. Please try again.' with a Retry", async () => {
    let fails = true;
    fakeApi({
      'GET /api/admin/activity': () =>
        fails ? { status: 503, body: { error: { code: 'unavailable', message: '' } } } : { status: 200, body: { items: ENTRIES, next_before: null } },
    });
    renderWithQuery(<ActivityTab />);
    expect(await screen.findByText(ACTIVITY_LOAD_FAILED_MESSAGE)).toBeTruthy();
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(entries()).toHaveLength(2));
  });
});
