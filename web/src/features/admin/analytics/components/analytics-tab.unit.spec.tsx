// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ANALYTICS_LOAD_FAILED_MESSAGE, type AnalyticsResponse } from '@xsd/contracts/api/analytics';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithQuery } from '../../testing/fake-api';
import type { AnalyticsChartProps } from './analytics-chart';
import { AnalyticsTab as Tab, formatDuration } from './analytics-tab';

/** The chart's rows as a list: Chart.js itself needs a canvas happy-dom does not have. */
function RowsChart({ rows, name }: AnalyticsChartProps) {
  return <ul aria-label={name} data-testid="chart">{rows.map((row) => <li key={row.label}>{`${row.label}: ${row.value}`}</li>)}</ul>;
}
const AnalyticsTab = () => <Tab Chart={RowsChart} />;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function stats(days: number): AnalyticsResponse {
  return {
    days: days as AnalyticsResponse['days'],
    total_visits: days * 100,
    unique_visitors: days * 10,
    average_session_duration: 125,
    bounce_rate: 41.25,
    top_pages: Array.from({ length: 25 }, (_, i) => ({ page: `/page-${i}`, visits: 100 - i })),
    daily_visits: [{ date: '2026-11-21', visits: 4 }],
    monthly_visits: [{ month: '2026-11', visits: 40 }],
    device_types: [
      { type: 'desktop', count: days * 60 },
      { type: 'mobile', count: days * 40 },
    ],
    generated_at: '2026-11-21T10:00:00.000Z',
  };
}

const pages = () => within(screen.getByTestId('analytics-top-pages')).queryAllByRole('listitem');

describe('Analytics tab', () => {
  it('shows the 30-day window first, then the window chosen', async () => {
    const api = fakeApi({
      'GET /api/admin/analytics': ({ path }) => ({ status: 200, body: stats(Number(new URL(path, 'http://x').searchParams.get('days'))) }),
    });
    renderWithQuery(<AnalyticsTab />);
    expect(screen.getByRole('status').textContent).toContain('Loading analytics');
    expect((await screen.findByTestId('analytics-total')).textContent).toContain('3,000');
    expect(screen.getByTestId('analytics-unique').textContent).toContain('300');
    expect(screen.getByTestId('analytics-duration').textContent).toContain('2m 5s');
    expect(screen.getByTestId('analytics-bounce').textContent).toContain('41.3%');
    expect(screen.getByTestId('analytics-devices').textContent).toContain('Mobile: 1,200 (40%)');

    await userEvent.selectOptions(screen.getByLabelText('Window'), '365');
    await vi.waitFor(() => expect(screen.getByTestId('analytics-total').textContent).toContain('36,500'));
    expect(api.calls.map((call) => call.path)).toEqual(['/api/admin/analytics?days=30', '/api/admin/analytics?days=365']);
  });

  it('lists ten top pages, then ten more at a time', async () => {
    fakeApi({ 'GET /api/admin/analytics': { status: 200, body: stats(30) } });
    renderWithQuery(<AnalyticsTab />);
    await vi.waitFor(() => expect(pages()).toHaveLength(10));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(pages()).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(pages()).toHaveLength(25);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('toggles the visits chart between daily and monthly', async () => {
    fakeApi({ 'GET /api/admin/analytics': { status: 200, body: stats(30) } });
    renderWithQuery(<AnalyticsTab />);
    const daily = await screen.findByRole('button', { name: 'Daily (14 days)' });
    expect(daily.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('chart').textContent).toBe('11-21: 4');
    await userEvent.click(screen.getByRole('button', { name: 'Monthly (12 months)' }));
    expect(screen.getByRole('button', { name: 'Monthly (12 months)' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('chart').textContent).toBe('2026-11: 40');
  });

  it('says the spec message with Retry when loading fails', async () => {
    let fails = true;
    fakeApi({
      'GET /api/admin/analytics': () =>
        fails ? { status: 503, body: { error: { code: 'unavailable', message: '' } } } : { status: 200, body: stats(30) },
    });
    renderWithQuery(<AnalyticsTab />);
    expect(await screen.findByText(ANALYTICS_LOAD_FAILED_MESSAGE)).toBeTruthy();
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('analytics-total')).textContent).toContain('3,000');
  });

  it('formats durations', () => {
    expect(formatDuration(45)).toBe('45s');
    expect(formatDuration(125)).toBe('2m 5s');
  });
});
