// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { CheckOutcome } from '@xsd/contracts/rules/system-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { Probes } from '../lib/probes';
import { SystemCheck } from './system-check';

afterEach(cleanup);

const ok = (message: string): CheckOutcome => ({ status: 'success', message });

/** Probes that all succeed, with some replaced; each records when it started. */
function probes(overrides: Partial<Probes> = {}, started: string[] = []): Probes {
  const base: Probes = {
    browser: async () => ok('Your browser is fully compatible.'),
    wallet: async () => ok('Web3 wallet detected: MetaMask.'),
    network: async () => ok('Network connectivity is working.'),
    rpc: async () => ok('All 3 RPC endpoints are reachable.'),
    database: async () => ok('Database connection successful.'),
    trading: async () => ok('The trading app is reachable.'),
    performance: async () => ok('Performance is excellent.'),
  };
  const all = { ...base, ...overrides };
  return Object.fromEntries(
    Object.entries(all).map(([id, probe]) => [
      id,
      () => {
        started.push(id);
        return probe();
      },
    ]),
  ) as unknown as Probes;
}

const status = (id: string) => screen.getByTestId(`check-${id}`).getAttribute('data-status');

describe('SystemCheck', () => {
  it('is pending until Run Test, then runs the seven checks in order and says good', async () => {
    const started: string[] = [];
    render(<SystemCheck probes={probes({}, started)} pauseMs={1} />);
    expect(screen.getByTestId('verdict').getAttribute('data-verdict')).toBe('pending');
    expect(screen.getByTestId('verdict').textContent).toContain('Run the test to check your system before trading.');
    expect(screen.queryByTestId('cta-panel')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Run Test' }));
    expect(screen.getByRole('button', { name: 'Running Test...' }).hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(screen.getByTestId('verdict').getAttribute('data-verdict')).toBe('good'));
    expect(started).toEqual(['browser', 'wallet', 'network', 'rpc', 'database', 'trading', 'performance']);
    expect(screen.getByTestId('cta-panel').querySelector('a')?.textContent).toBe('Open the Trading App');
    expect(screen.getByRole('button', { name: 'Run Test Again' })).toBeTruthy();
  });

  it('waits for one check before starting the next, showing it as running', async () => {
    let release!: (outcome: CheckOutcome) => void;
    render(<SystemCheck probes={probes({ network: () => new Promise((resolve) => (release = resolve)) })} pauseMs={1} />);
    fireEvent.click(screen.getByRole('button', { name: 'Run Test' }));
    await waitFor(() => expect(status('network')).toBe('running'));
    expect(status('browser')).toBe('success');
    expect(status('rpc')).toBe('pending');
    release({ status: 'warning', message: 'slow' });
    await waitFor(() => expect(screen.getByTestId('verdict').getAttribute('data-verdict')).toBe('warning'));
    expect(screen.getByTestId('cta-panel')).toBeTruthy();
  });

  it('says error with an issues panel when a check fails, a thrown probe included', async () => {
    render(
      <SystemCheck
        probes={probes({
          wallet: async () => ({ status: 'error', message: 'No Web3 wallet detected. Install MetaMask to trade.', helpUrl: 'https://metamask.io/download/', actionRequired: true }),
          database: async () => {
            throw new Error('boom');
          },
        })}
        pauseMs={1}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Run Test' }));
    await waitFor(() => expect(screen.getByTestId('verdict').getAttribute('data-verdict')).toBe('error'));
    const issues = screen.getByTestId('issues-panel');
    expect(issues.textContent).toContain('No Web3 wallet detected. Install MetaMask to trade.');
    expect(issues.textContent).toContain('Database Connectivity check failed: boom');
    expect(screen.queryByTestId('cta-panel')).toBeNull();
    expect(status('performance')).toBe('success');
  });
});
