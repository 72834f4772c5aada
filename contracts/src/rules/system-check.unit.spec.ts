import { describe, expect, it } from 'vitest';
import {
  browserOutcome,
  databaseOutcome,
  deviceInfo,
  networkOutcome,
  performanceOutcome,
  rpcOutcome,
  SYSTEM_CHECKS,
  tradingAppOutcome,
  verdict,
  walletOutcome,
} from './system-check.js';

describe('the seven checks', () => {
  it('run in the spec order', () => {
    expect(SYSTEM_CHECKS.map((c) => c.id)).toEqual(['browser', 'wallet', 'network', 'rpc', 'database', 'trading', 'performance']);
  });

  it('browser: fully, mostly (1-2 missing) or not compatible (3+, with help)', () => {
    expect(browserOutcome([]).status).toBe('success');
    expect(browserOutcome(['Notifications'])).toMatchObject({ status: 'warning', details: 'Missing: Notifications' });
    expect(browserOutcome(['a', 'b']).status).toBe('warning');
    expect(browserOutcome(['a', 'b', 'c'])).toMatchObject({ status: 'error', actionRequired: true, helpUrl: 'https://browsehappy.com/' });
  });

  it('wallet: detected, optional only, Brave without one, none', () => {
    expect(walletOutcome({ wallet: 'MetaMask', optionalWallets: [], brave: true })).toEqual({ status: 'success', message: 'Web3 wallet detected: MetaMask.' });
    expect(walletOutcome({ wallet: null, optionalWallets: ['Phantom (Solana)'], brave: false }).status).toBe('warning');
    expect(walletOutcome({ wallet: null, optionalWallets: [], brave: true }).message).toBe(
      'Brave browser detected without a wallet. Enable Brave Wallet or install MetaMask.',
    );
    expect(walletOutcome({ wallet: null, optionalWallets: [], brave: false })).toMatchObject({
      status: 'error',
      message: 'No Web3 wallet detected. Install MetaMask to trade.',
      helpUrl: 'https://metamask.io/download/',
    });
  });

  it('network: offline, unreachable or working', () => {
    expect(networkOutcome(false, false, null).status).toBe('error');
    expect(networkOutcome(true, false, null).status).toBe('error');
    expect(networkOutcome(true, true, 12)).toEqual({ status: 'success', message: 'Network connectivity is working.', details: '12 ms' });
  });

  it('RPC: all, some (action required under half) or none', () => {
    expect(rpcOutcome(3, 3)).toEqual({ status: 'success', message: 'All 3 RPC endpoints are reachable.' });
    expect(rpcOutcome(2, 3)).toEqual({ status: 'warning', message: '2 of 3 RPC endpoints are reachable.', actionRequired: false });
    expect(rpcOutcome(1, 3)).toMatchObject({ status: 'warning', actionRequired: true });
    expect(rpcOutcome(0, 3)).toMatchObject({ status: 'error', message: 'No RPC endpoint is reachable.' });
    expect(rpcOutcome(0, 0).status).toBe('error');
  });

  it('database, trading app and performance', () => {
    expect(databaseOutcome(true).message).toBe('Database connection successful.');
    expect(databaseOutcome(false)).toMatchObject({ status: 'error', message: 'Database connection failed.' });
    expect(tradingAppOutcome(true, false).status).toBe('success');
    expect(tradingAppOutcome(false, true)).toMatchObject({ status: 'warning', message: 'The trading app did not answer in time.' });
    expect(tradingAppOutcome(false, false).message).toBe('The trading app could not be reached.');
    expect(performanceOutcome(50).status).toBe('success');
    expect(performanceOutcome(50.5)).toMatchObject({ status: 'warning', message: 'Performance is moderate.' });
    expect(performanceOutcome(100.5)).toMatchObject({ status: 'warning', actionRequired: true });
  });
});

describe('verdict', () => {
  it('is pending until every check ran, then error over warning over good', () => {
    expect(verdict([])).toBe('pending');
    expect(verdict([{ status: 'success' }, { status: 'running' }])).toBe('pending');
    expect(verdict([{ status: 'success' }, { status: 'warning' }, { status: 'error' }])).toBe('error');
    expect(verdict([{ status: 'success' }, { status: 'warning' }])).toBe('warning');
    expect(verdict([{ status: 'success' }, { status: 'success' }])).toBe('good');
  });
});

describe('deviceInfo', () => {
  it('reads browser, device and OS from common user agents', () => {
    expect(deviceInfo('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toEqual({
      browser: 'Chrome 131',
      device: 'Desktop',
      os: 'Linux',
    });
    expect(deviceInfo('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1')).toEqual({
      browser: 'Safari 17',
      device: 'Mobile',
      os: 'iOS',
    });
    expect(deviceInfo('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0').browser).toBe('Edge 131');
    expect(deviceInfo('Mozilla/5.0 (Linux; Android 14; SM-X200) AppleWebKit/537.36 Chrome/131.0 Safari/537.36').device).toBe('Tablet');
    expect(deviceInfo('')).toEqual({ browser: 'Unknown', device: 'Desktop', os: 'Unknown' });
  });
});
