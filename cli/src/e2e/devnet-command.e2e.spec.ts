import { findFreeBasePort } from '@xsd/services/devnet/free-port';
import { waitFor } from '@xsd/services/testing/wait-for';
import { describe, expect, it } from 'vitest';
import { spawnXsd } from '../testing/run-xsd.js';

const CHAIN_IDS = [1, 56, 42161, 137, 10, 8453, 43114];

async function chainId(port: number): Promise<number | null> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    return Number.parseInt(((await response.json()) as { result: string }).result, 16);
  } catch {
    return null;
  }
}

describe('xsd devnet', () => {
  it('runs the seven local chains with their real chain ids until interrupted, then stops every node', async () => {
    const basePort = await findFreeBasePort();
    const child = spawnXsd(['devnet', '--base-port', String(basePort), '--no-simulate', '--json'], {});
    let out = '';
    let err = '';
    child.stdout!.setEncoding('utf8').on('data', (text: string) => (out += text));
    child.stderr!.setEncoding('utf8').on('data', (text: string) => (err += text));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await waitFor(() => out.includes('"event":"ready"'), { timeoutMs: 60_000, intervalMs: 100, message: 'the devnet to be ready' });
      const ready = JSON.parse(out.trim().split('\n')[0]) as { basePort: number; nodes: { chainId: number; port: number }[] };
      expect(ready.basePort).toBe(basePort);
      expect(ready.nodes.map((n) => n.chainId)).toEqual(CHAIN_IDS);
      expect(await Promise.all(ready.nodes.map((n) => chainId(n.port)))).toEqual(CHAIN_IDS);
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited).toBe(0);
    expect(err).toBe('');
    expect(await Promise.all(CHAIN_IDS.map((_, i) => chainId(basePort + i)))).toEqual(CHAIN_IDS.map(() => null));
  });
});
