import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreeBasePort } from '../devnet/free-port.js';
import { waitFor } from './wait-for.js';

/** Debian's package puts it here; `XSD_TEST_NATS_SERVER` points elsewhere. */
const NATS_SERVER = process.env.XSD_TEST_NATS_SERVER ?? 'nats-server';
const HOST = '127.0.0.1';

export interface NatsNode {
  /** Unique server name (`--server_name`), as JetStream reports stream and meta leaders. */
  readonly name: string;
  /** nats://127.0.0.1:<client port> */
  readonly url: string;
  readonly clientPort: number;
  readonly clusterPort: number;
  /** Monitoring port: `/healthz` and `/jsz`. */
  readonly httpPort: number;
  readonly storeDir: string;
  readonly running: boolean;
}

export interface NatsCluster {
  readonly name: string;
  readonly nodes: readonly NatsNode[];
  /** Every node's client URL, as a client of the whole cluster takes them (`NATS_URL`). */
  readonly urls: string[];
  node(name: string): NatsNode;
  /** SIGKILL, no goodbye to the cluster; resolves once the process is gone. */
  kill(name: string): Promise<void>;
  /** Starts a killed node again on the same ports and store; resolves when it is healthy. */
  restart(name: string): Promise<void>;
  /** Resolves when every running node answers /healthz ok (JetStream meta leader known, streams current). */
  waitHealthy(timeoutMs?: number): Promise<void>;
  /** The end of every node's log, for failure messages. */
  logs(): Promise<string>;
  /** Kills every node and removes its folder. */
  stop(): Promise<void>;
}

interface Node extends NatsNode {
  process: ChildProcess | null;
  readonly logFile: string;
}

/** Every cluster this process started, killed when it exits however it ends. */
const live = new Set<Node>();
let exitHookInstalled = false;

/**
 * A three-node JetStream cluster of real `nats-server` processes on free loopback ports, for tests
 * of replication and fail-over. Each node keeps its store in a temporary folder of its own.
 */
export async function startNatsCluster({ size = 3, timeoutMs = 30_000 } = {}): Promise<NatsCluster> {
  installExitHook();
  const id = randomBytes(4).toString('hex');
  const root = await mkdtemp(join(tmpdir(), `silverboard-nats-${id}-`));
  const base = await findFreeBasePort(3 * size);
  const nodes: Node[] = Array.from({ length: size }, (_, index) => {
    const name = `n${index + 1}-${id}`;
    return {
      name,
      url: `nats://${HOST}:${base + index}`,
      clientPort: base + index,
      clusterPort: base + size + index,
      httpPort: base + 2 * size + index,
      storeDir: join(root, name),
      logFile: join(root, `${name}.log`),
      process: null,
      get running() {
        return this.process !== null;
      },
    };
  });
  const clusterName = `xsd-test-${id}`;
  const routes = nodes.map((node) => `nats://${HOST}:${node.clusterPort}`).join(',');

  const launch = (node: Node) => {
    const child = spawn(
      NATS_SERVER,
      [
        '--jetstream',
        '--store_dir', node.storeDir,
        '--server_name', node.name,
        '--addr', HOST,
        '--port', String(node.clientPort),
        '--http_port', String(node.httpPort),
        '--cluster_name', clusterName,
        '--cluster', `nats://${HOST}:${node.clusterPort}`,
        '--routes', routes,
        '--log', node.logFile,
      ],
      { stdio: 'ignore' },
    );
    child.once('exit', () => {
      if (node.process === child) node.process = null;
    });
    node.process = child;
    live.add(node);
  };

  const healthy = async (node: Node): Promise<boolean> => {
    const response = await fetch(`http://${HOST}:${node.httpPort}/healthz`);
    return response.ok;
  };

  const cluster: NatsCluster = {
    name: clusterName,
    nodes,
    urls: nodes.map((node) => node.url),
    node: (name) => find(nodes, name),
    async kill(name) {
      const node = find(nodes, name);
      const child = node.process;
      if (!child) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await gone;
    },
    async restart(name) {
      const node = find(nodes, name);
      if (node.process) throw new Error(`${name} is still running`);
      launch(node);
      await waitFor(() => healthy(node), { timeoutMs, intervalMs: 100, message: `${name} to be healthy after its restart` });
    },
    async waitHealthy(wait = timeoutMs) {
      for (const node of nodes.filter((candidate) => candidate.running)) {
        await waitFor(() => healthy(node), { timeoutMs: wait, intervalMs: 100, message: `${node.name} to be healthy` });
      }
    },
    async logs() {
      const tails = await Promise.all(
        nodes.map(async (node) => {
          const text = await readFile(node.logFile, 'utf8').catch(() => '');
          return `--- ${node.name} ---\n${text.split('\n').slice(-40).join('\n')}`;
        }),
      );
      return tails.join('\n');
    },
    async stop() {
      await Promise.all(nodes.map((node) => cluster.kill(node.name)));
      for (const node of nodes) live.delete(node);
      await rm(root, { recursive: true, force: true });
    },
  };

  for (const node of nodes) launch(node);
  try {
    await cluster.waitHealthy();
  } catch (error) {
    const logs = await cluster.logs();
    await cluster.stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${logs}`);
  }
  return cluster;
}

function find(nodes: readonly Node[], name: string): Node {
  const node = nodes.find((candidate) => candidate.name === name);
  if (!node) throw new Error(`No node ${name} in this cluster (${nodes.map((candidate) => candidate.name).join(', ')})`);
  return node;
}

/** A test runner that dies or exits early must not leave servers behind. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const node of live) node.process?.kill('SIGKILL');
  });
}
