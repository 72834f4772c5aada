import { describe, expect, it } from 'vitest';
import { walletAddCancelledMessage, walletAddErrorMessage, walletAddSuccessMessage } from './wallet-add.js';

describe('wallet add messages', () => {
  it('names each network outcome of the spec', () => {
    const say = (error: unknown) => walletAddErrorMessage('network', 'Polygon', error);
    expect(say({ code: 4001, message: 'User rejected the request.' })).toBe('Network addition was rejected by user.');
    expect(say({ code: -32602, message: 'bad chainId' })).toBe('Invalid network parameters. Please check the network configuration.');
    expect(say({ code: -32002, message: 'x' })).toBe('A wallet request is already pending. Please check your wallet.');
    expect(say({ message: "Request of type 'wallet_addEthereumChain' already pending" })).toBe(
      'A wallet request is already pending. Please check your wallet.',
    );
    expect(say({ message: 'User rejected the request' })).toBe('Network addition was cancelled.');
    expect(say({ code: -32603, message: 'Internal error' })).toBe('Failed to add Polygon network: Internal error');
    expect(say({})).toBe('Failed to add Polygon network: Unknown error');
    expect(say(undefined)).toBe('Failed to add Polygon network: Unknown error');
    expect(walletAddSuccessMessage('network', 'Polygon')).toBe('Successfully added Polygon network to your wallet!');
    expect(walletAddCancelledMessage('network')).toBe('Network addition was cancelled.');
  });

  it('names each token outcome of the spec', () => {
    const say = (error: unknown) => walletAddErrorMessage('token', 'XSD', error);
    expect(say({ code: 4001, message: 'User rejected' })).toBe('Token addition was rejected by user.');
    expect(say({ message: 'User denied' })).toBe('Token addition was cancelled.');
    expect(say({ code: -32602, message: 'Invalid address' })).toBe('Failed to add XSD token: Invalid address');
    expect(walletAddSuccessMessage('token', 'XSD')).toBe('Successfully added XSD token to your wallet!');
    expect(walletAddCancelledMessage('token')).toBe('Token addition was cancelled.');
  });
});
