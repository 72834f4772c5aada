import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dashboardQueries,
  metricNames,
  MONITORING_DIR,
  type PrometheusServer,
  ruleQueries,
  startPrometheus,
  withoutGrafanaVariables,
} from '../testing/prometheus.js';
import { type RunningStack, startStack } from '../testing/stack.js';
import { waitFor } from '../testing/wait-for.js';
import { Metrics } from './metrics.js';

/**
 * A real Prometheus (Debian's package) scrapes the ops listener of a running stack (`make start`'s
 * `all` process, devnet ticks flowing) every second, with deploy/monitoring/rules.yml loaded, and
 * answers for every metric the rules and the dashboard read from Silverboard's processes.
 *
 * A labelled counter has no series until it is first incremented, and Prometheus answers queries
 * from series only. The test makes the traffic that starts most of them (HTTP requests, a refused
 * sign-in, the ingestor's ticks and their appends); the few that only a rare event starts (a dead
 * letter, a web push, a rejected tick, a lead lost) must still be exposed, which Prometheus shows in the
 * metadata it keeps of each target's HELP and TYPE lines.
 */
const NEEDS_A_RARE_EVENT = new Set([
  'xsd_projection_dead_letters_total',
  'xsd_notifier_pushes_total',
  'xsd_ingestor_ticks_rejected_total',
  'xsd_leadership_lost_total',
]);
/** The ingestor reads the chains every 30 s. */
const TICK_WAIT_MS = 90_000;
const SUFFIXES = ['_bucket', '_sum', '_count'];

/** The ops listener's URL; the cast goes once stack.ts's RunningStack has `metricsUrl`. */
function metricsUrlOf(stack: RunningStack): string {
  const { metricsUrl } = stack;
  if (!metricsUrl) throw new Error('startStack gave no metricsUrl: the stack has no ops listener to scrape');
  return metricsUrl;
}

describe('a real Prometheus scraping a running stack', () => {
  let stack: RunningStack;
  let prometheus: PrometheusServer;
  /** Family name to type, of every family the ops listener serves. */
  const families = new Map<string, string>();
  /** The series names the rules and the dashboard read that the ops listener serves (not NATS's, not `up`). */
  const used = new Set<string>();

  const familyOf = (series: string): string => {
    if (families.has(series)) return series;
    const suffix = SUFFIXES.find((candidate) => series.endsWith(candidate));
    return suffix ? series.slice(0, -suffix.length) : series;
  };
  const missingSamples = async (): Promise<string[]> => {
    const missing: string[] = [];
    for (const name of used) {
      if (NEEDS_A_RARE_EVENT.has(familyOf(name))) continue;
      if ((await prometheus.query(`count(${name})`)).length === 0) missing.push(name);
    }
    return missing;
  };

  beforeAll(async () => {
    for (const { name, type } of await new Metrics({ processMetrics: true }).registry.getMetricsAsJSON()) families.set(name, String(type));
    for (const { expr } of [...ruleQueries(), ...dashboardQueries()]) {
      for (const name of metricNames(expr)) if (families.has(familyOf(name))) used.add(name);
    }
    stack = await startStack();
    prometheus = await startPrometheus({
      targets: [new URL(metricsUrlOf(stack)).host],
      job: 'silverboard',
      labels: { role: 'all' },
      ruleFiles: [join(MONITORING_DIR, 'rules.yml')],
    });
    // Traffic: requests the API answers, and a sign-in it refuses.
    for (const path of ['/api/health', '/api/health', '/api/no-such-route']) await fetch(`${stack.url}${path}`);
    const refused = await fetch(`${stack.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'nobody@silverboard.test', password: 'not the password' }),
    });
    expect(refused.status).toBe(401);
    // The ingestor's first ticks (and their appends), seen through Prometheus.
    await waitFor(async () => (await missingSamples()).length === 0, {
      timeoutMs: TICK_WAIT_MS,
      intervalMs: 1_000,
      message: 'a sample of every metric the monitoring reads',
    }).catch(() => undefined);
  });

  afterAll(async () => {
    await prometheus?.stop();
    await stack?.stop();
  });

  it('finds in the rules and the dashboard the metrics of the ops listener', () => {
    expect([...used].filter((name) => name.startsWith('xsd_')).length).toBeGreaterThanOrEqual(15);
  });

  it('knows every family they read from the target, with its type, samples or not', async () => {
    const metadata = await prometheus.targetMetadata('silverboard');
    const read = [...new Set([...used].map(familyOf))].sort();
    expect(read.map((family) => ({ family, type: metadata.get(family) }))).toEqual(read.map((family) => ({ family, type: families.get(family) })));
  });

  it('answers a query with samples for each metric they read, but those only a rare event starts', async () => {
    expect(await missingSamples()).toEqual([]);
  });

  it('evaluates every alert rule, and runs every dashboard query, without an error', async () => {
    await waitFor(async () => (await prometheus.ruleHealth()).every((rule) => rule.health !== 'unknown'), {
      timeoutMs: 10_000,
      intervalMs: 250,
      message: 'a first evaluation of every rule',
    });
    expect((await prometheus.ruleHealth()).filter((rule) => rule.health !== 'ok')).toEqual([]);
    for (const { source, expr } of dashboardQueries()) {
      await expect(prometheus.query(withoutGrafanaVariables(expr)), source).resolves.toBeInstanceOf(Array);
    }
  });
});
