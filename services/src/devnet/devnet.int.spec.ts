import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  CHAINLINK_AGGREGATOR_ABI,
  DEVNET_CHAINS,
  DEVNET_DEMO_WALLETS,
  ERC20_ABI,
  GRAMS_PER_TROY_OUNCE,
  MULTICALL3_ABI,
  PRICE_CONTROLLER_ABI,
  PRICE_DECIMALS,
  SILVER_FEED_DECIMALS,
  TOKEN_DECIMALS,
  activeNetworks,
  numberToUnits,
  unitsToNumber,
  type ActiveNetwork,
  type DevnetChainName,
} from '@xsd/contracts';
import { Contract, Interface, JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../testing/wait-for.js';
import { startDevnet, type Devnet, type DevnetNode } from './devnet.js';
import { findFreeBasePort } from './free-port.js';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const devnetMain = fileURLToPath(new URL('./main.ts', import.meta.url));

describe('the devnet', () => {
  let devnet: Devnet;
  let networks: readonly ActiveNetwork[];
  const providers = new Map<DevnetChainName, JsonRpcProvider>();
  const provider = (chain: DevnetChainName) => providers.get(chain)!;
  const network = (chain: DevnetChainName) => networks.find((n) => n.name === chain)!;

  const readPrices = async (chain: DevnetChainName) => {
    const controller = new Contract(network(chain).priceController, PRICE_CONTROLLER_ABI, provider(chain));
    const [xsd, bankx] = (await Promise.all([controller.xsd_updated_price(), controller.bankx_updated_price()])) as bigint[];
    return { XSD: unitsToNumber(xsd, PRICE_DECIMALS), BankX: unitsToNumber(bankx, PRICE_DECIMALS) };
  };
  const readSilverOunce = async () => {
    const feed = new Contract(network('Ethereum').silverFeed!, CHAINLINK_AGGREGATOR_ABI, provider('Ethereum'));
    const [, answer] = (await feed.latestRoundData()) as bigint[];
    return unitsToNumber(answer, SILVER_FEED_DECIMALS);
  };

  beforeAll(async () => {
    const started = Date.now();
    devnet = await startDevnet({ seed: 20_240_601, basePort: await findFreeBasePort(), simulate: false });
    console.info(`devnet started in ${Date.now() - started} ms`);
    networks = activeNetworks(devnet.networks);
    for (const n of networks) {
      providers.set(n.name as DevnetChainName, new JsonRpcProvider(n.rpcUrls[0], n.chainId, { staticNetwork: true }));
    }
  });

  afterAll(async () => {
    for (const p of providers.values()) p.destroy();
    await devnet?.stop();
  });

  it('runs the seven chains on consecutive ports with their real chain ids', async () => {
    expect(networks.map((n) => n.name)).toEqual([...DEVNET_CHAINS]);
    const nodes = devnet.nodes();
    expect(nodes.map((n) => n.port)).toEqual(DEVNET_CHAINS.map((_, i) => devnet.basePort + i));
    for (const n of networks) {
      const chainId = await provider(n.name as DevnetChainName).send('eth_chainId', []);
      expect(Number(chainId)).toBe(n.chainId);
    }
  });

  it('places the stand-ins at the mainnet addresses on Ethereum and BSC and the fixed ones elsewhere', async () => {
    expect(network('Ethereum').tokens.XSD).toBe('0x75Cae30025A514b7AE069917E132Cc99762A0e16');
    expect(network('BSC').priceController).toBe('0x6683FFdA5267e1F7E9Bf6790849a4eCdD63ed134');
    for (const n of networks) {
      const addresses = [n.tokens.XSD, n.tokens.BankX, n.priceController, n.multicall3, n.silverFeed].filter(
        (a): a is `0x${string}` => a !== null,
      );
      for (const address of addresses) {
        expect(await provider(n.name as DevnetChainName).getCode(address), `${n.name} ${address}`).not.toBe('0x');
      }
    }
    expect(await provider('BSC').getCode(network('Ethereum').silverFeed!)).toBe('0x');
  });

  it('answers on every controller exactly the prices the simulator set, also after a step', async () => {
    const initial = devnet.market();
    for (const chain of DEVNET_CHAINS) expect(await readPrices(chain)).toEqual(initial.prices[chain]);
    const stepped = await devnet.step();
    expect(stepped.prices).not.toEqual(initial.prices);
    for (const chain of DEVNET_CHAINS) expect(await readPrices(chain)).toEqual(stepped.prices[chain]);
    expect(devnet.market().step).toBe(1);
  });

  it('answers the same prices through one Multicall3 aggregate3 call per chain', async () => {
    const snapshot = await devnet.step();
    const controller = new Interface(PRICE_CONTROLLER_ABI);
    await Promise.all(
      networks.map(async (n) => {
        const multicall = new Contract(n.multicall3, MULTICALL3_ABI, provider(n.name as DevnetChainName));
        const calls = ['xsd_updated_price', 'bankx_updated_price'].map((fn) => ({
          target: n.priceController,
          allowFailure: false,
          callData: controller.encodeFunctionData(fn),
        }));
        const results = (await multicall.aggregate3.staticCall(calls)) as { success: boolean; returnData: string }[];
        const [xsd, bankx] = results.map((r) => unitsToNumber(BigInt(r.returnData), PRICE_DECIMALS));
        expect({ XSD: xsd, BankX: bankx }).toEqual(snapshot.prices[n.name as DevnetChainName]);
      }),
    );
  });

  it('feeds silver on Ethereum with 8 decimals; answer / 31.1034768 is the simulated gram price', async () => {
    const feed = new Contract(network('Ethereum').silverFeed!, CHAINLINK_AGGREGATOR_ABI, provider('Ethereum'));
    expect(await feed.decimals()).toBe(8n);
    const snapshot = await devnet.step();
    const ounce = await readSilverOunce();
    expect(ounce).toBe(snapshot.silverOuncePrice);
    expect(ounce / GRAMS_PER_TROY_OUNCE).toBe(snapshot.silverGramPrice);
    const [roundId, , , updatedAt] = (await feed.latestRoundData()) as bigint[];
    expect(roundId).toBeGreaterThan(1n);
    expect(updatedAt).toBeGreaterThan(0n);
  });

  it('funds the three demo wallets with XSD and BankX on all seven chains', async () => {
    for (const n of networks) {
      for (const token of ['XSD', 'BankX'] as const) {
        const erc20 = new Contract(n.tokens[token], ERC20_ABI, provider(n.name as DevnetChainName));
        expect(await erc20.symbol()).toBe(token);
        expect(await erc20.decimals()).toBe(BigInt(TOKEN_DECIMALS));
        let total = 0n;
        for (const wallet of DEVNET_DEMO_WALLETS) {
          const expected = numberToUnits(wallet.balances[token], TOKEN_DECIMALS);
          expect(await erc20.balanceOf(wallet.address), `${token} of ${wallet.address} on ${n.name}`).toBe(expected);
          total += expected;
        }
        expect(await erc20.totalSupply()).toBe(total);
      }
    }
  });

  it("writes a test's token price on one chain at once, 6 decimals, and leaves the others alone", async () => {
    const before = devnet.market();
    const snapshot = await devnet.setTokenPrice('Polygon', 'BankX', 0.1234567);
    expect(snapshot.prices.Polygon.BankX).toBe(0.123457);
    expect(await readPrices('Polygon')).toEqual({ XSD: before.prices.Polygon.XSD, BankX: 0.123457 });
    expect(await readPrices('Base')).toEqual(before.prices.Base);
    await devnet.setTokenPrice('Optimism', 'XSD', 0);
    expect((await readPrices('Optimism')).XSD).toBe(0);
  });

  it("writes a test's silver price on the feed", async () => {
    await devnet.setSilverOuncePrice(46.6552152);
    expect(await readSilverOunce()).toBe(46.6552152);
    expect((await readSilverOunce()) / GRAMS_PER_TROY_OUNCE).toBeCloseTo(1.5, 9);
  });

  it('stops one node for an outage while the others keep ticking, and starts it again', async () => {
    const bsc = devnet.nodes().find((n) => n.chain === 'BSC')!;
    await devnet.stopNode('BSC');
    expect(devnet.nodes().find((n) => n.chain === 'BSC')!.pid).toBeNull();
    await waitFor(async () => !(await isPortOpen(bsc.port)), { message: 'the BSC port to close' });
    await expect(provider('BSC').send('eth_chainId', [])).rejects.toThrow();
    await expect(devnet.setTokenPrice('BSC', 'XSD', 1)).rejects.toThrow(/BSC node is stopped/);

    const snapshot = await devnet.step();
    expect(await readPrices('Ethereum')).toEqual(snapshot.prices.Ethereum);

    await devnet.startNode('BSC');
    expect(await readPrices('BSC')).toEqual(devnet.market().prices.BSC);
    const xsd = new Contract(network('BSC').tokens.XSD, ERC20_ABI, provider('BSC'));
    expect(await xsd.balanceOf(DEVNET_DEMO_WALLETS[2].address)).toBe(numberToUnits(20_000, TOKEN_DECIMALS));
  });
});

describe('the devnet market timer', () => {
  it('moves the on-chain prices every tick when simulating', async () => {
    const devnet = await startDevnet({ seed: 3, basePort: await findFreeBasePort(), tickMs: 100 });
    const avalanche = activeNetworks(devnet.networks).find((n) => n.name === 'Avalanche')!;
    const provider = new JsonRpcProvider(avalanche.rpcUrls[0], avalanche.chainId, { staticNetwork: true });
    try {
      const controller = new Contract(avalanche.priceController, PRICE_CONTROLLER_ABI, provider);
      const first = (await controller.bankx_updated_price()) as bigint;
      await waitFor(async () => devnet.market().step >= 3 && (await controller.bankx_updated_price()) !== first, {
        timeoutMs: 10_000,
        message: 'three ticks and a new BankX price on Avalanche',
      });
    } finally {
      provider.destroy();
      await devnet.stop();
    }
    expect(devnet.nodes().every((n) => n.pid === null)).toBe(true);
  });
});

describe('the devnet start-up', () => {
  it('fails clearly on a taken port and leaves no node running', async () => {
    const basePort = await findFreeBasePort();
    const blocker = await listen(basePort + 3); // Polygon's port
    try {
      await expect(startDevnet({ basePort, simulate: false })).rejects.toThrow(/chain 137.*exited before listening/s);
      for (const i of [0, 1, 2, 4, 5, 6]) expect(await isPortOpen(basePort + i)).toBe(false);
    } finally {
      blocker.close();
    }
  });
});

describe('the devnet process', () => {
  it('leaves no anvil running when the process that started it is killed with SIGKILL', async () => {
    const basePort = await findFreeBasePort();
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', 'tsx', devnetMain, '--base-port', String(basePort), '--seed', '5', '--json'],
      { cwd: repositoryRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await waitFor(() => output.includes('"event":"ready"'), {
        timeoutMs: 45_000,
        message: 'the devnet child to report ready',
      });
      const ready = JSON.parse(output.split('\n').find((line) => line.includes('"event":"ready"'))!) as {
        watchdogPid: number;
        nodes: DevnetNode[];
      };
      expect(ready.nodes).toHaveLength(7);
      for (const node of ready.nodes) expect(await isPortOpen(node.port)).toBe(true);

      child.kill('SIGKILL');
      await exited;

      await waitFor(
        async () => {
          const open = await Promise.all(ready.nodes.map((node) => isPortOpen(node.port)));
          return !open.some(Boolean) && [...ready.nodes.map((n) => n.pid!), ready.watchdogPid].every(isGone);
        },
        { timeoutMs: 10_000, message: 'every anvil and the watchdog to be gone' },
      );
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
});

describe('a script that awaits the devnet at top level', () => {
  const devnetModule = fileURLToPath(new URL('./devnet.ts', import.meta.url));

  /** Runs `body` as an ES module (top-level await) next to the devnet; resolves with how it ended. */
  function runScript(body: string): Promise<{ code: number | null; output: string }> {
    const code = `const { startDevnet } = await import(${JSON.stringify(devnetModule)});\n${body}`;
    const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', '--input-type=module', '-e', code], {
      cwd: repositoryRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return new Promise((resolve) => child.once('close', (exitCode) => resolve({ code: exitCode, output })));
  }

  // Exit 13 is Node's "unsettled top-level await": the stop awaited the watchdog's exit on an
  // unreferenced handle, the last thing left in the loop, and the process ended mid-await.
  it('ends normally after stopping it, never with exit 13', async () => {
    const basePort = await findFreeBasePort();

    const run = await runScript(`
      const devnet = await startDevnet({ basePort: ${basePort}, simulate: false });
      await devnet.stop();
      process.stdout.write('stopped\\n');
    `);

    expect(run).toEqual({ code: 0, output: 'stopped\n' });
  });

  it('gets the start failure to report it, never exit 13', async () => {
    const basePort = await findFreeBasePort();
    const blocker = await listen(basePort + 3);
    try {
      const run = await runScript(`
        try {
          await startDevnet({ basePort: ${basePort}, simulate: false });
        } catch (error) {
          process.stdout.write('failed: ' + error.message.split('\\n')[0] + '\\n');
          process.exitCode = 1;
        }
      `);

      expect(run.code).toBe(1);
      expect(run.output).toContain(`failed: anvil (chain 137) exited before listening on http://127.0.0.1:${basePort + 3}`);
    } finally {
      blocker.close();
    }
  });
});

function isPortOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function listen(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** No such process, or a zombie waiting for init to reap it (it no longer runs). */
function isGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}
