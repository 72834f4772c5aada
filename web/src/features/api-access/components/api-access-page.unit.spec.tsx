// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPY_CONFIRMATION_MS } from '../../../components/ui/copy-button';
import { ApiAccessPage } from './api-access-page';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function stubClipboard() {
  const writes: string[] = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (text: string) => void writes.push(text) },
  });
  return writes;
}

describe('the API access page', () => {
  it('shows the base URL of the origin it is served from, the parameter table and four examples', () => {
    render(<ApiAccessPage origin="https://dash.example" />);
    expect(screen.getByTestId('api-base-url').textContent).toBe('https://dash.example/api/v1');
    const rows = within(screen.getByTestId('api-parameters')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['token', 'chain', 'from', 'to', 'limit', 'interval']);
    const examples = screen.getAllByRole('listitem').filter((item) => item.dataset.testid?.startsWith('api-example:'));
    expect(examples).toHaveLength(4);
    expect(examples[1]!.textContent).toContain('curl "https://dash.example/api/v1/prices?token=XSD&chain=Ethereum&limit=10"');
  });

  it('copies the base URL and an example, saying Copied! for 2 s', async () => {
    vi.useFakeTimers();
    const writes = stubClipboard();
    // A click, then the clipboard's promise settles.
    const click = (button: HTMLElement) => act(async () => void fireEvent.click(button));
    render(<ApiAccessPage origin="http://localhost:8080" />);
    const copyBase = screen.getByRole('button', { name: 'Copy base URL' });
    await click(copyBase);
    expect(writes).toEqual(['http://localhost:8080/api/v1']);
    expect(copyBase.textContent).toBe('Copied!');
    const copyButtons = screen.getAllByRole('button', { name: /^Copy example/ });
    expect(copyButtons).toHaveLength(4);
    await click(copyButtons[3]!);
    expect(writes[1]).toBe('curl "http://localhost:8080/api/v1/candles?token=XSD&chain=Base&interval=1h&limit=24"');
    await act(async () => vi.advanceTimersByTime(COPY_CONFIRMATION_MS - 1));
    expect(copyBase.textContent).toBe('Copied!');
    await act(async () => vi.advanceTimersByTime(1));
    expect(copyBase.textContent).toBe('Copy');
  });
});
