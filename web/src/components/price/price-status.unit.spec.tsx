// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PriceStatus } from './price-status';

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const secondsAgo = (s: number) => new Date(NOW - s * 1_000).toISOString();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('a price status', () => {
  it('given a price of this tick, reads Current and is not stale', () => {
    render(<PriceStatus timestamp={secondsAgo(20)} />);
    const status = screen.getByTestId('price-status');
    expect(status.textContent).toBe('Current');
    expect(status.getAttribute('data-stale')).toBe('false');
    expect(status.className).toContain('price-status--current');
  });

  it('given a price older than two ticks, reads its age and is marked stale, never current', () => {
    render(<PriceStatus timestamp={secondsAgo(150)} />);
    const status = screen.getByTestId('price-status');
    expect(status.textContent).toBe('2 minutes ago');
    expect(status.getAttribute('data-stale')).toBe('true');
    expect(status.className).toContain('price-status--stale');
    expect(status.className).not.toContain('price-status--current');
    expect(status.getAttribute('title')).toContain('stale: no newer price for over 60 s');
  });

  it('turns stale as the clock passes two ticks without a newer price', () => {
    render(<PriceStatus timestamp={secondsAgo(55)} />);
    expect(screen.getByTestId('price-status').getAttribute('data-stale')).toBe('false');
    act(() => void vi.advanceTimersByTime(10_000));
    expect(screen.getByTestId('price-status').getAttribute('data-stale')).toBe('true');
    expect(screen.getByTestId('price-status').textContent).toBe('1 minute ago');
  });
});
