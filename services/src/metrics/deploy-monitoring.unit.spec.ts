import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  dashboardQueries,
  metricNames,
  MONITORING_DIR,
  NATS_EXPORTER_METRICS,
  promtool,
  readDashboard,
  ruleQueries,
  withoutGrafanaVariables,
} from '../testing/prometheus.js';
import { Metrics } from './metrics.js';

/**
 * deploy/monitoring/ checked with Debian's promtool (the real one, installed by `make test` through
 * `make prometheus`): the scrape configs and rules load, every alert fires on the series
 * of rules.test.yml that should fire it and stays quiet on the others, every dashboard query is
 * PromQL, and every metric either reads is one that something exports.
 */

/** What the issue asks the alerts to watch, by the names rules.yml gives them. */
const REQUIRED_ALERTS = [
  'ProjectionLagHigh',
  'IngestStalled',
  'ProjectionDeadLetter',
  'PushFailureRatioHigh',
  'HttpErrorRatioHigh',
  'StreamReplicasBelowThree',
  'ServiceNotReady',
  'RoleUnavailable',
];

/** Series Prometheus makes itself for every target. */
const PROMETHEUS_SERIES = ['up'];
/** The series a histogram or summary family shows as. */
const SERIES_SUFFIXES: Record<string, readonly string[]> = { histogram: ['_bucket', '_sum', '_count'], summary: ['_sum', '_count'] };

interface Rule {
  readonly alert: string;
  readonly expr: string;
  readonly for?: string;
  readonly labels?: Record<string, string>;
  readonly annotations?: Record<string, string>;
}

interface RuleTest {
  readonly alert_rule_test: { readonly alertname: string; readonly exp_alerts: readonly unknown[] }[];
}

function readYaml<T>(file: string): T {
  return parse(readFileSync(join(MONITORING_DIR, file), 'utf8')) as T;
}

const rules = readYaml<{ groups: { rules: Rule[] }[] }>('rules.yml').groups.flatMap((group) => group.rules);

/** Every series name a metric family of the ops listener shows as (a histogram's _bucket, _sum, _count). */
async function opsListenerSeries(): Promise<Set<string>> {
  const metrics = new Metrics({ processMetrics: true });
  const families = await metrics.registry.getMetricsAsJSON();
  return new Set(families.flatMap(({ name, type }) => [name, ...(SERIES_SUFFIXES[String(type)] ?? []).map((suffix) => name + suffix)]));
}

// promtool is a process of its own: on a loaded two-core machine `test rules` took over the unit tier's 5 s.
describe('deploy/monitoring', { timeout: 30_000 }, () => {
  it('passes `promtool check config` (compose and Kubernetes), which loads rules.yml too', async () => {
    for (const file of ['prometheus.yml', 'prometheus-k8s.yml']) {
      const run = await promtool(['check', 'config', file]);
      expect({ file, code: run.code, output: run.output }).toMatchObject({ file, code: 0 });
      expect(run.output).toContain(`SUCCESS: ${file} is valid prometheus config file syntax`);
    }
  });

  it('passes `promtool check rules`', async () => {
    const run = await promtool(['check', 'rules', 'rules.yml']);
    expect({ code: run.code, output: run.output }).toEqual({ code: 0, output: expect.stringContaining(`SUCCESS: ${rules.length} rules found`) });
  });

  it('has the alerts the issue asks for, each with a duration, a severity and a summary', () => {
    expect(rules.map((rule) => rule.alert)).toEqual(expect.arrayContaining(REQUIRED_ALERTS));
    for (const rule of rules) {
      expect({ alert: rule.alert, for: rule.for, severity: rule.labels?.severity }).toEqual({
        alert: rule.alert,
        for: expect.stringMatching(/^\d+[smh]$/),
        severity: expect.stringMatching(/^(warning|critical)$/),
      });
      expect(rule.annotations?.summary).toMatch(/\S/);
    }
  });

  it('passes `promtool test rules`: every alert fires on the series that should fire it, and only then', async () => {
    const run = await promtool(['test', 'rules', 'rules.test.yml']);
    expect({ code: run.code, output: run.output }).toEqual({ code: 0, output: expect.stringContaining('SUCCESS') });
    // A test for each alert that expects it and one that expects silence.
    const checks = readYaml<{ tests: RuleTest[] }>('rules.test.yml').tests.flatMap((test) => test.alert_rule_test);
    for (const { alert } of rules) {
      const own = checks.filter((check) => check.alertname === alert);
      expect({ alert, fires: own.some((check) => check.exp_alerts.length > 0), quiet: own.some((check) => check.exp_alerts.length === 0) }).toEqual({
        alert,
        fires: true,
        quiet: true,
      });
    }
  });

  describe('the dashboard', () => {
    let folder: string;
    beforeAll(async () => {
      folder = await mkdtemp(join(tmpdir(), 'silverboard-dashboard-'));
    });
    afterAll(async () => {
      await rm(folder, { recursive: true, force: true });
    });

    it('queries in PromQL that promtool accepts (each one as a recording rule)', async () => {
      const queries = dashboardQueries();
      expect(queries.length).toBeGreaterThan(30);
      const recorded = {
        groups: [{ name: 'dashboard', rules: queries.map((query, index) => ({ record: `dashboard:query_${index}`, expr: withoutGrafanaVariables(query.expr) })) }],
      };
      await writeFile(join(folder, 'dashboard-rules.yml'), JSON.stringify(recorded));
      const run = await promtool(['check', 'rules', 'dashboard-rules.yml'], folder);
      expect({ code: run.code, output: run.output }).toEqual({ code: 0, output: expect.stringContaining(`SUCCESS: ${queries.length} rules found`) });
    });

    it('shows what the alerts watch, and the rest of the issue\'s list', () => {
      const shown = new Set(dashboardQueries().flatMap((query) => metricNames(query.expr)));
      const watched = ruleQueries().flatMap((query) => metricNames(query.expr));
      expect(watched.filter((name) => !shown.has(name))).toEqual([]);
      for (const name of [
        'xsd_http_request_duration_seconds_bucket',
        'xsd_event_log_appends_total',
        'xsd_event_log_head_sequence',
        'xsd_ingestor_rpc_requests_total',
        'xsd_ingestor_ticks_rejected_total',
        'xsd_notifier_outbox_size',
        'xsd_live_stream_clients',
        'xsd_analytics_buffered_beacons',
        'xsd_sign_in_refusals_total',
        'nodejs_eventloop_lag_p99_seconds',
        'nodejs_heap_size_used_bytes',
        'nodejs_gc_duration_seconds_sum',
        'gnatsd_varz_in_msgs',
      ]) {
        expect({ name, shown: shown.has(name) }).toEqual({ name, shown: true });
      }
    });

    it('reads Prometheus through the provisioned data source, and is provisioned where compose mounts it', () => {
      const dashboard = readDashboard();
      expect(dashboard.uid).toBe('silverboard');
      for (const panel of dashboard.panels.filter((candidate) => candidate.type !== 'row')) {
        expect(panel.datasource).toEqual({ type: 'prometheus', uid: '${datasource}' });
      }
      const datasources = readYaml<{ datasources: { type: string; url: string }[] }>('grafana/provisioning/datasources/prometheus.yml').datasources;
      expect(datasources).toEqual([expect.objectContaining({ type: 'prometheus', url: 'http://prometheus:9090' })]);
      const [provider] = readYaml<{ providers: { options: { path: string } }[] }>('grafana/provisioning/dashboards/silverboard.yml').providers;
      const compose = parse(readFileSync(join(MONITORING_DIR, '..', 'compose.yaml'), 'utf8')) as { services: Record<string, { volumes: string[] }> };
      expect(compose.services.grafana?.volumes).toEqual(
        expect.arrayContaining([
          './monitoring/grafana/provisioning:/etc/grafana/provisioning:ro',
          `./monitoring/grafana/silverboard.json:${provider?.options.path}/silverboard.json:ro`,
        ]),
      );
      expect(compose.services.prometheus?.volumes).toContain('./monitoring:/etc/prometheus:ro');
    });
  });

  it('reads only metrics that exist: the ops listener\'s (metrics.ts and Node\'s), the NATS exporter\'s, or Prometheus\'s own', async () => {
    const known = new Set([...(await opsListenerSeries()), ...NATS_EXPORTER_METRICS, ...PROMETHEUS_SERIES]);
    const unknown = [...ruleQueries(), ...dashboardQueries()].flatMap((query) =>
      metricNames(query.expr)
        .filter((name) => !known.has(name))
        .map((name) => `${name} (${query.source})`),
    );
    expect(unknown).toEqual([]);
  });

  it('finds the metric names in PromQL, not the functions, labels, keywords, strings or durations', () => {
    expect(
      metricNames(
        'sum by (le, route) (rate(a_bucket{status_class="5xx", x=~"b|c"}[$__rate_interval])) / on (route) group_left () b' +
          ' or absent(c{name="d"}) unless e offset 15m > bool 1e3 and label_replace(vector(0), "role", "api", "", "")',
      ),
    ).toEqual(['a_bucket', 'b', 'c', 'e']);
  });
});
