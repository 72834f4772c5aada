// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LatestPrice, LatestPricesResponse } from '@xsd/contracts/api/prices';
import { afterEach, describe, expect, it } from 'vitest';
import { ARBITRAGE_SETTINGS_KEY } from '../lib/settings';
import { ArbitrageHunter } from './arbitrage-hunter';

const row = (chain_name: LatestPrice['chain_name'], price: number | null, token_name: LatestPrice['token_name'] = 'XSD'): LatestPrice => ({
  token_name,
  chain_name,
  price,
  timestamp: price === null ? null : '2026-03-01T00:00:00.000Z',
  change_24h: null,
  status: 'active',
  maintenance_message: null,
  total_supply: null,
});

const LATEST: LatestPricesResponse = {
  items: [row('Ethereum', 1), row('BSC', 1.05), row('Polygon', 0.98), row('Base', null), row('Ethereum', 9, 'BankX'), row('BSC', 1, 'BankX')],
};

const routes = () => screen.queryAllByTestId('opportunity').map((card) => card.querySelector('.opportunity__route')!.textContent!.replace(/\s+/g, ' '));

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('ArbitrageHunter', () => {
  it('lists XSD routes by profit, the first marked Best Opportunity, with swap links and the disclaimer', () => {
    render(<ArbitrageHunter latest={LATEST} isPending={false} isError={false} />);
    expect(routes()).toEqual(['Polygon → to BSC', 'Ethereum → to BSC', 'Polygon → to Ethereum']);
    const [best, second] = screen.getAllByTestId('opportunity');
    expect(within(best).getByText('Best Opportunity')).toBeTruthy();
    expect(within(second).queryByText('Best Opportunity')).toBeNull();
    expect(within(best).getByTestId('profit').textContent).toBe('$71.43');
    const buy = within(best).getByRole('link', { name: /Buy on Polygon/ });
    expect(buy.getAttribute('href')).toMatch(/chain=polygon$/);
    expect(buy.getAttribute('target')).toBe('_blank');
    expect(screen.getByTestId('arb-disclaimer').textContent).toMatch(/gas fees, slippage and bridge fees are not counted/);
  });

  it('names the top route and the backup in the assistant note', () => {
    render(<ArbitrageHunter latest={LATEST} isPending={false} isError={false} />);
    expect(screen.getByTestId('arb-assistant').textContent).toContain(
      'Best route: buy on Polygon and sell on BSC for about $71.43 (+7.14%). Backup: buy on Ethereum and sell on BSC',
    );
  });

  it('saves settings in this browser: thresholds, trade amount (falling back to 1000), excluded networks, assistant', async () => {
    const { rerender } = render(<ArbitrageHunter latest={LATEST} isPending={false} isError={false} />);
    await userEvent.click(screen.getByTestId('open-settings'));
    const modal = within(screen.getByTestId('arbitrage-settings'));
    const [percent, amount] = modal.getAllByRole('slider') as HTMLInputElement[];
    expect([percent.min, percent.max, percent.step]).toEqual(['0.1', '10', '0.1']);
    expect([amount.min, amount.max, amount.step]).toEqual(['1', '100', '1']);
    const trade = modal.getByRole('spinbutton') as HTMLInputElement;
    expect([trade.min, trade.step, trade.value]).toEqual(['100', '100', '1000']);
    await userEvent.clear(trade);
    await userEvent.type(trade, '50');
    await userEvent.click(modal.getByRole('checkbox', { name: 'Polygon' }));
    await userEvent.click(modal.getByRole('checkbox', { name: /assistant/ }));
    await userEvent.click(modal.getByRole('button', { name: 'Save Settings' }));
    expect(JSON.parse(localStorage.getItem(ARBITRAGE_SETTINGS_KEY)!)).toEqual({
      minProfitPercentage: 1,
      minProfitAmount: 10,
      excludedNetworks: ['Polygon'],
      tradeAmount: 1000,
      useAI: false,
    });
    expect(routes()).toEqual(['Ethereum → to BSC']);
    expect(screen.queryByTestId('arb-assistant')).toBeNull();
    expect(screen.getByTestId('arb-summary').textContent).toContain('excluding Polygon');
    // The stored settings hold for the next visit.
    rerender(<ArbitrageHunter latest={LATEST} isPending={false} isError={false} />);
    expect(routes()).toEqual(['Ethereum → to BSC']);
  });

  it('moves as the live prices change', () => {
    const { rerender } = render(<ArbitrageHunter latest={LATEST} isPending={false} isError={false} />);
    rerender(<ArbitrageHunter latest={{ items: [row('Ethereum', 1), row('BSC', 1.001), row('Polygon', 1.1)] }} isPending={false} isError={false} />);
    expect(routes()).toEqual(['Ethereum → to Polygon', 'BSC → to Polygon']);
  });

  it('shows loading, the spec message on failure, and an empty state', () => {
    const { rerender } = render(<ArbitrageHunter latest={undefined} isPending isError={false} />);
    expect(screen.getByRole('status').textContent).toMatch(/Scanning networks/);
    rerender(<ArbitrageHunter latest={undefined} isPending={false} isError />);
    expect(screen.getByRole('alert').textContent).toBe('Failed to load price data. Please try again.');
    rerender(<ArbitrageHunter latest={{ items: [row('Ethereum', 1), row('BSC', 1)] }} isPending={false} isError={false} />);
    expect(screen.getByTestId('arb-empty')).toBeTruthy();
    expect(screen.getByTestId('arb-assistant').textContent).toMatch(/No route clears your thresholds/);
  });
});
