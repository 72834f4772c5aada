// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CalendarEvent } from '@xsd/contracts/api/calendar';
import { calendarEventFixture } from '@xsd/contracts/testing/calendar-fixtures';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { calendarEventsQueryKey } from '../api/get-calendar-events';
import { dateKey, monthLabel, monthOf, shiftMonth } from '../lib/month-grid';
import { CalendarPage } from './calendar-page';

const today = new Date();
const inDays = (n: number) => dateKey(new Date(today.getFullYear(), today.getMonth(), today.getDate() + n));

function event(id: string, overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return calendarEventFixture({ id, title: `Event ${id}`, start_date: inDays(1), ...overrides });
}

function renderPage(items: CalendarEvent[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(calendarEventsQueryKey, { items });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CalendarPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const cellOf = (date: string) => document.querySelector<HTMLElement>(`[data-testid="day-cell"][data-date="${date}"]`)!;

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('the calendar page', () => {
  it('shows this month as 42 cells from Monday, and moves with Prev, Next and Today', async () => {
    renderPage([]);
    expect(screen.getAllByTestId('day-cell')).toHaveLength(42);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    const label = screen.getByTestId('month-label');
    expect(label.textContent).toBe(monthLabel(monthOf(today)));
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(label.textContent).toBe(monthLabel(shiftMonth(monthOf(today), 1)));
    await userEvent.click(screen.getByRole('button', { name: 'Prev month' }));
    await userEvent.click(screen.getByRole('button', { name: 'Prev month' }));
    expect(label.textContent).toBe(monthLabel(shiftMonth(monthOf(today), -1)));
    await userEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(label.textContent).toBe(monthLabel(monthOf(today)));
    expect(cellOf(dateKey(today)).className).toContain('month__cell--today');
  });

  it("shows 3 events in a day, then '+N more' opening the day's list", async () => {
    const day = dateKey(today);
    renderPage(['a', 'b', 'c', 'd', 'e'].map((id) => event(id, { start_date: day })));
    const cell = cellOf(day);
    expect(within(cell).getAllByRole('button').map((b) => b.textContent)).toEqual(['Event a', 'Event b', 'Event c', '+2 more']);
    await userEvent.click(within(cell).getByRole('button', { name: '+2 more' }));
    const dialog = screen.getByTestId('day-dialog');
    expect(within(dialog).getAllByRole('button', { name: /Event [a-e]/ })).toHaveLength(5);
  });

  it('filters the grid by search and by type, saying when nothing matches', async () => {
    renderPage([
      event('1', { title: 'Listing on BSC', type: 'announcement' }),
      event('2', { title: 'Bridge pause', type: 'maintenance' }),
    ]);
    const cell = cellOf(inDays(1));
    await userEvent.type(screen.getByRole('searchbox'), 'bsc');
    expect(within(cell).getAllByRole('button').map((b) => b.textContent)).toEqual(['Listing on BSC']);
    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.selectOptions(screen.getByRole('combobox'), 'maintenance');
    expect(within(cell).getAllByRole('button').map((b) => b.textContent)).toEqual(['Bridge pause']);
    await userEvent.type(screen.getByRole('searchbox'), 'bsc');
    expect(screen.getByTestId('no-matches').textContent).toBe('No events match your search.');
  });

  it('lists the next 5 upcoming events and the legend of the five types', () => {
    renderPage([event('past', { start_date: inDays(-3) }), ...[6, 2, 5, 1, 4, 3].map((n) => event(`u${n}`, { start_date: inDays(n) }))]);
    const upcoming = within(screen.getByTestId('upcoming-events'));
    expect(upcoming.getAllByRole('button').map((b) => b.querySelector('.event-line__title')!.textContent)).toEqual([
      'Event u1',
      'Event u2',
      'Event u3',
      'Event u4',
      'Event u5',
    ]);
    expect(screen.getByTestId('event-legend').textContent).toMatch(/Announcement.*Update.*Maintenance.*Event.*Deadline/);
    expect(screen.getByTestId('configure-alerts').getAttribute('href')).toBe('/price-alerts');
  });

  it('opens an event with its details and description, and closes it', async () => {
    renderPage([
      event('x', {
        title: 'Bridge upgrade',
        type: 'maintenance',
        start_time: '14:00:00',
        end_time: '16:30:00',
        location: 'Online',
        url: 'https://bankx.io/bridge',
        description: '<p>Bridges <b>pause</b></p>',
      }),
    ]);
    await userEvent.click(within(cellOf(inDays(1))).getByRole('button', { name: 'Bridge upgrade' }));
    const dialog = within(screen.getByTestId('event-dialog'));
    expect(dialog.getByRole('heading', { name: 'Bridge upgrade' })).toBeTruthy();
    expect(dialog.getByText('14:00 – 16:30')).toBeTruthy();
    expect(dialog.getByText('Online')).toBeTruthy();
    expect(dialog.getByRole('link', { name: /Learn More/ }).getAttribute('href')).toBe('https://bankx.io/bridge');
    expect(dialog.getByRole('link', { name: /Alerts/ }).getAttribute('href')).toBe('/price-alerts');
    const description = screen.getByTestId('event-dialog').querySelector('.event-details__description')!;
    // The sanitiser itself is proven in Chromium (lib/content-html.unit.spec.ts, web/e2e/calendar.e2e.spec.ts).
    expect(description.innerHTML).toContain('<b>pause</b>');
    await userEvent.click(dialog.getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.queryByRole('heading', { name: 'Bridge upgrade' })).toBeNull();
  });

  it('remembers a dismissed alerts banner in this browser', async () => {
    const { unmount } = renderPage([]);
    const banner = screen.getByTestId('alerts-banner');
    expect(within(banner).getByRole('link').getAttribute('href')).toBe('/price-alerts');
    await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('alerts-banner')).toBeNull();
    unmount();
    renderPage([]);
    expect(screen.queryByTestId('alerts-banner')).toBeNull();
  });
});
