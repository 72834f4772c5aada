import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { findFreeBasePort } from '../devnet/free-port.js';
import { waitFor } from './wait-for.js';

/** deploy/monitoring/: the scrape configs, rules.yml and its tests, the Grafana dashboard. */
export const MONITORING_DIR = fileURLToPath(new URL('../../../deploy/monitoring/', import.meta.url));

/** Debian's `prometheus` package (`make prometheus` installs it for `make test`). */
const PROMTOOL = 'promtool';
const PROMETHEUS = 'prometheus';
/** How long Prometheus may take to stop on SIGTERM before it is killed. */
const STOP_GRACE_MS = 10_000;

export interface ToolRun {
  readonly code: number | null;
  /** stdout and stderr together, for assertions and failure messages. */
  readonly output: string;
}

/** Runs promtool with `args` in `cwd`; a missing promtool rejects with what to install. */
export async function promtool(args: readonly string[], cwd: string = MONITORING_DIR): Promise<ToolRun> {
  const child = spawn(PROMTOOL, [...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (output += text));
  return new Promise((resolve, reject) => {
    child.once('error', (error) => reject(new Error(`${PROMTOOL} could not run (${error.message}); install Debian's prometheus package (make prometheus)`)));
    child.once('close', (code) => resolve({ code, output }));
  });
}

/**
 * The metrics of prometheus-nats-exporter 0.20.1 (deploy/'s image) with -varz -healthz -jsz=streams,
 * all gauges. JetStream and health names are fixed in its collector/jsz.go and collector/healthz.go;
 * the others are `gnatsd_varz_` and a numeric key of NATS's /varz (nats-varz.int.spec.ts checks
 * them against a real nats-server).
 */
const NATS_JSZ_METRICS = [
  'server_jetstream_disabled', 'server_total_streams', 'server_total_consumers', 'server_total_messages', 'server_total_message_bytes',
  'server_max_memory', 'server_max_storage', 'account_max_memory', 'account_max_storage', 'account_storage_used', 'account_memory_used',
  'stream_total_messages', 'stream_limit_messages', 'stream_total_bytes', 'stream_limit_bytes', 'stream_first_seq', 'stream_last_seq',
  'stream_consumer_count', 'stream_subject_count', 'stream_source_lag', 'stream_source_active_duration_ns', 'stream_mirror_lag',
  'stream_mirror_active_duration_ns',
].map((name) => `jetstream_${name}`);
export const NATS_VARZ_KEYS = ['connections', 'in_msgs', 'out_msgs', 'slow_consumers'];
export const NATS_EXPORTER_METRICS = [...NATS_JSZ_METRICS, 'gnatsd_healthz_status', 'gnatsd_healthz_status_value', ...NATS_VARZ_KEYS.map((key) => `gnatsd_varz_${key}`)];
/** One PromQL expression of deploy/monitoring/, named by the alert or the dashboard panel that holds it. */
export interface MonitoringQuery {
  readonly source: string;
  readonly expr: string;
}

export interface Dashboard {
  readonly uid: string;
  readonly panels: readonly {
    readonly type: string;
    readonly title: string;
    readonly datasource?: unknown;
    readonly targets?: readonly { readonly expr: string }[];
  }[];
}

export function readDashboard(): Dashboard {
  return JSON.parse(readFileSync(join(MONITORING_DIR, 'grafana', 'silverboard.json'), 'utf8')) as Dashboard;
}

/** Every alert's expression in rules.yml. */
export function ruleQueries(): MonitoringQuery[] {
  const rules = parse(readFileSync(join(MONITORING_DIR, 'rules.yml'), 'utf8')) as {
    groups: { rules: { alert?: string; record?: string; expr: string }[] }[];
  };
  return rules.groups.flatMap((group) => group.rules.map((rule) => ({ source: `alert ${rule.alert ?? rule.record}`, expr: rule.expr })));
}

/** Every query of the dashboard's panels. */
export function dashboardQueries(): MonitoringQuery[] {
  return readDashboard().panels.flatMap((panel) => (panel.targets ?? []).map((target) => ({ source: `panel "${panel.title}"`, expr: target.expr })));
}

/** Grafana's range variables stand for a duration; any fixed one makes the query plain PromQL. */
export function withoutGrafanaVariables(expr: string): string {
  return expr.replaceAll(/\$__(rate_)?interval|\$__range/g, '5m');
}

const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'inf', 'nan']);

/**
 * The metric names a PromQL expression reads: identifiers that are not functions (followed by a
 * parenthesis), keywords, label names (inside braces or after by/without/on/ignoring/group_*),
 * strings or durations.
 */
export function metricNames(expr: string): string[] {
  const bare = withoutGrafanaVariables(expr)
    .replaceAll(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, ' ')
    .replaceAll(/\{[^}]*\}/g, ' ')
    .replaceAll(/\[[^\]]*\]/g, ' ')
    .replaceAll(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = new Set<string>();
  for (const [name] of bare.matchAll(/(?<![\w:.])[A-Za-z_:][\w:]*(?![\w:])(?!\s*\()/g)) {
    if (!KEYWORDS.has(name.toLowerCase())) names.add(name);
  }
  return [...names].sort();
}

export interface PrometheusServer {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  /** An instant query's result (`/api/v1/query`); rejects on a query error. */
  query(expr: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]>;
  /** The metric families (name to type) the targets of `job` exposed, samples or not (`/api/v1/targets/metadata`). */
  targetMetadata(job: string): Promise<Map<string, string>>;
  /** The health of every loaded rule (`/api/v1/rules`): `ok`, `err` with its error, or `unknown` before a first evaluation. */
  ruleHealth(): Promise<{ name: string; health: string; lastError?: string }[]>;
  /** Its log so far, for failure messages. */
  output(): string;
  /** SIGTERM (SIGKILL after 10 s), then removes its folder. */
  stop(): Promise<void>;
}

export interface PrometheusOptions {
  /** `host:port` of each target, scraped on /metrics with the labels given. */
  readonly targets: readonly string[];
  readonly job: string;
  readonly labels?: Record<string, string>;
  readonly scrapeIntervalSeconds?: number;
  /** Rule files to load, by absolute path. */
  readonly ruleFiles?: readonly string[];
}

/** Every Prometheus this process started, killed when it exits however it ends. */
const live = new Set<ChildProcess>();
let exitHookInstalled = false;

/**
 * A real Prometheus (Debian's package) on a free loopback port, with a data folder of its own and
 * a short scrape interval, scraping the given targets. Resolves once it answers /-/ready.
 */
export async function startPrometheus(options: PrometheusOptions): Promise<PrometheusServer> {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const child of live) child.kill('SIGKILL');
    });
  }
  const folder = await mkdtemp(join(tmpdir(), 'silverboard-prometheus-'));
  const interval = `${options.scrapeIntervalSeconds ?? 1}s`;
  const config = {
    global: { scrape_interval: interval, scrape_timeout: interval, evaluation_interval: interval },
    rule_files: options.ruleFiles ?? [],
    scrape_configs: [{ job_name: options.job, static_configs: [{ targets: options.targets, labels: options.labels ?? {} }] }],
  };
  await writeFile(join(folder, 'prometheus.yml'), JSON.stringify(config));
  const port = await findFreeBasePort(1);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    PROMETHEUS,
    [`--config.file=${join(folder, 'prometheus.yml')}`, `--storage.tsdb.path=${join(folder, 'data')}`, `--web.listen-address=127.0.0.1:${port}`],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  live.add(child);
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (output += text));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const spawnFailed = new Promise<never>((_, reject) =>
    child.once('error', (error) => reject(new Error(`${PROMETHEUS} could not run (${error.message}); install Debian's prometheus package (make prometheus)`))),
  );
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(forced);
    }
    live.delete(child);
    await rm(folder, { recursive: true, force: true });
  };
  const api = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${url}${path}`);
    const body = (await response.json()) as { status: string; data: T; error?: string };
    if (body.status !== 'success') throw new Error(`Prometheus ${path}: ${body.error ?? response.status}`);
    return body.data;
  };
  try {
    await Promise.race([
      spawnFailed,
      exited.then(() => Promise.reject(new Error(`Prometheus exited at start:\n${output}`))),
      waitFor(async () => (await fetch(`${url}/-/ready`).catch(() => null))?.status === 200, {
        timeoutMs: 30_000,
        intervalMs: 200,
        message: 'Prometheus to be ready',
      }),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    query: async (expr) => (await api<{ result: { metric: Record<string, string>; value: [number, string] }[] }>(`/api/v1/query?query=${encodeURIComponent(expr)}`)).result,
    targetMetadata: async (job) => {
      const match = encodeURIComponent(`{job="${job}"}`);
      const entries = await api<{ metric: string; type: string }[]>(`/api/v1/targets/metadata?match_target=${match}`);
      return new Map(entries.map((entry) => [entry.metric, entry.type]));
    },
    ruleHealth: async () =>
      (await api<{ groups: { rules: { name: string; health: string; lastError?: string }[] }[] }>('/api/v1/rules')).groups.flatMap((group) =>
        group.rules.map(({ name, health, lastError }) => ({ name, health, ...(lastError ? { lastError } : {}) })),
      ),
    output: () => output,
    stop,
  };
}
