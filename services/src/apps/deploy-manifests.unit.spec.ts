import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { loadConfig } from '../config/config.js';
import { ALLOCATOR_ENV, HTTP_ROLE_NODE_FLAGS } from './heap-policy.js';

/**
 * deploy/compose.yaml and deploy/k8s/ describe the same distributed product: the same services with
 * the same replicas, commands and environment, a three-node NATS cluster that every client lists
 * and that keeps three replicas of the event log, the same health probes on each process's ops
 * listener, and Prometheus (deploy/monitoring/) scraping every replica and every NATS node.
 */
const DEPLOY = fileURLToPath(new URL('../../../deploy/', import.meta.url));
const APPS = fileURLToPath(new URL('./', import.meta.url));
const APP_ROLES = ['api', 'ingestor', 'notifier', 'projector'];
/** Compose runs the monitoring too; on Kubernetes the exporter is a sidecar of each NATS pod and Prometheus the operator's. */
const COMPOSE_MONITORING = ['grafana', 'nats-exporter', 'prometheus'];
/** The ops listener's port (XSD_METRICS_PORT), as both set it, and the NATS exporter's default. */
const OPS_PORT = 9464;
const EXPORTER_PORT = 7777;
/** The roles that sign web push (the API's broadcasts, the notifier's alerts): one key pair and subject for both. */
const PUSH_ROLES = ['api', 'notifier'];
const VAPID_ENV = ['XSD_VAPID_PUBLIC_KEY', 'XSD_VAPID_PRIVATE_KEY', 'XSD_VAPID_SUBJECT'];
/** Set only where the platform needs them: the data folder inside a volume claim, the pod's name. */
const K8S_ONLY_ENV = new Set(['PGDATA', 'POD_NAME']);

interface Role {
  readonly replicas: number;
  /** Environment variable name to value (null when it comes from elsewhere, like a field ref). */
  readonly env: Map<string, string | null>;
  readonly image: string | undefined;
  readonly command: readonly string[];
  /** The first container's or service's entry as written, for what only one side has (probes, health checks). */
  readonly spec: Yaml;
  /** The pod template's metadata (Kubernetes only). */
  readonly pod?: Yaml;
  /** The pod's other containers (Kubernetes only). */
  readonly sidecars?: readonly Yaml[];
}

type Yaml = Record<string, any>;

const composeServices = (parse(readFileSync(join(DEPLOY, 'compose.yaml'), 'utf8'), { merge: true }) as Yaml).services as Record<string, Yaml>;

function composeRoles(): Map<string, Role> {
  const roles = new Map<string, Role>();
  for (const [name, service] of Object.entries(composeServices)) {
    // nats-1, nats-2, nats-3: one role of three nodes.
    const role = name.replace(/-\d+$/, '');
    const env = new Map(Object.entries(service.environment ?? {}).map(([key, value]) => [key, String(value)]));
    const known = roles.get(role);
    roles.set(role, {
      replicas: (known?.replicas ?? 0) + (service.deploy?.replicas ?? 1),
      env,
      image: service.image,
      command: (service.command ?? []).map(String),
      spec: service,
    });
  }
  return roles;
}

const k8sDocuments = readdirSync(join(DEPLOY, 'k8s'))
  .filter((file) => file.endsWith('.yaml'))
  .flatMap((file) => parseAllDocuments(readFileSync(join(DEPLOY, 'k8s', file), 'utf8')).map((doc) => doc.toJS() as Yaml));

function k8sRoles(): Map<string, Role> {
  const documents = k8sDocuments;
  const keysOf = (kind: string, name: string): Map<string, string> => {
    const found = documents.find((doc) => doc.kind === kind && doc.metadata.name === name);
    if (!found) throw new Error(`deploy/k8s has no ${kind} ${name}`);
    return new Map(Object.entries(found.data ?? found.stringData ?? {}).map(([key, value]) => [key, String(value)]));
  };
  const roles = new Map<string, Role>();
  for (const workload of documents.filter((doc) => doc.kind === 'Deployment' || doc.kind === 'StatefulSet')) {
    const [container, ...sidecars] = workload.spec.template.spec.containers as Yaml[];
    const env = new Map<string, string | null>();
    for (const source of container.envFrom ?? []) {
      const values = source.configMapRef ? keysOf('ConfigMap', source.configMapRef.name) : keysOf('Secret', source.secretRef.name);
      for (const [key, value] of values) env.set(key, value);
    }
    for (const variable of container.env ?? []) env.set(variable.name, variable.value ?? null);
    roles.set(container.name, {
      replicas: workload.spec.replicas ?? 1,
      env,
      image: container.image,
      command: [...(container.command ?? []), ...(container.args ?? [])].map(String),
      spec: container,
      pod: workload.spec.template.metadata,
      sidecars,
    });
  }
  return roles;
}

function k8sService(name: string): Yaml {
  const found = k8sDocuments.find((doc) => doc.kind === 'Service' && doc.metadata.name === name);
  if (!found) throw new Error(`deploy/k8s has no Service ${name}`);
  return found;
}

function prometheusConfig(file: string): Yaml {
  return parse(readFileSync(join(DEPLOY, 'monitoring', file), 'utf8')) as Yaml;
}

/** A job's DNS discovery of a Prometheus config: the names it resolves and the port it scrapes. */
function dnsJob(config: Yaml, job: string): { names: string[]; port: number } {
  const found = (config.scrape_configs as Yaml[]).find((scrape) => scrape.job_name === job);
  const [sd] = (found?.dns_sd_configs ?? []) as Yaml[];
  if (!sd) throw new Error(`no DNS discovery for the job ${job}`);
  return { names: sd.names, port: sd.port };
}

const compose = composeRoles();
const k8s = k8sRoles();

function role(roles: Map<string, Role>, name: string): Role {
  const found = roles.get(name);
  if (!found) throw new Error(`no ${name} service`);
  return found;
}

/** Hosts of a comma-separated list of URLs. */
function hosts(urls: string | null | undefined): string[] {
  return (urls ?? '').split(',').map((url) => new URL(url.trim()).host);
}

/** The value after a command-line flag. */
function flag(command: readonly string[], name: string): string | undefined {
  const index = command.indexOf(name);
  return index === -1 ? undefined : command[index + 1];
}

/** The roles both run (compose's monitoring aside). */
const SHARED_ROLES = [...k8s.keys()];

describe('deploy/compose.yaml and deploy/k8s', () => {
  it('run the same services: the four roles, a NATS cluster and PostgreSQL (compose adds its monitoring)', () => {
    const expected = ['api', 'ingestor', 'nats', 'notifier', 'postgres', 'projector'];
    expect([...compose.keys()].filter((name) => !COMPOSE_MONITORING.includes(name)).sort()).toEqual(expected);
    expect(SHARED_ROLES.sort()).toEqual(expected);
  });

  it('with the same replicas, and three NATS nodes', () => {
    for (const name of SHARED_ROLES) {
      expect({ name, replicas: role(k8s, name).replicas }).toEqual({ name, replicas: role(compose, name).replicas });
    }
    expect(role(compose, 'nats').replicas).toBe(3);
  });

  it('with the same images for NATS and PostgreSQL', () => {
    for (const name of ['nats', 'postgres']) expect(role(k8s, name).image).toBe(role(compose, name).image);
  });

  it('give every service the same environment variables', () => {
    for (const name of SHARED_ROLES) {
      const inK8s = [...role(k8s, name).env.keys()].filter((key) => !K8S_ONLY_ENV.has(key)).sort();
      expect({ name, env: inK8s }).toEqual({ name, env: [...role(compose, name).env.keys()].sort() });
    }
    for (const name of APP_ROLES) {
      expect([...role(compose, name).env.keys()]).toEqual(
        expect.arrayContaining(['DATABASE_URL', 'NATS_URL', 'XSD_STREAM_REPLICAS', 'XSD_NETWORK_PROFILE']),
      );
    }
    expect([...role(compose, 'api').env.keys()]).toEqual(expect.arrayContaining(['XSD_ADMIN_EMAIL', 'XSD_ADMIN_PASSWORD']));
  });

  it('give the API and the notifier the same web push key pair and subject, a real contact by default', () => {
    for (const roles of [compose, k8s]) {
      for (const name of PUSH_ROLES) expect([...role(roles, name).env.keys()]).toEqual(expect.arrayContaining(VAPID_ENV));
      for (const key of VAPID_ENV) expect(role(roles, 'notifier').env.get(key)).toBe(role(roles, 'api').env.get(key));
    }
    expect(role(k8s, 'notifier').env.get('XSD_VAPID_SUBJECT')).toMatch(/^mailto:[^@\s]+@[^@\s]+$/);
    expect(role(compose, 'notifier').env.get('XSD_VAPID_SUBJECT')).toMatch(/^\$\{XSD_VAPID_SUBJECT:-mailto:[^@\s]+@[^@\s]+\}$/);
  });

  it('start each role with the same command, an entry point that exists, the HTTP role with its heap flags', () => {
    for (const name of APP_ROLES) {
      const command = role(compose, name).command;
      expect(role(k8s, name).command).toEqual(command);
      expect(command).toEqual(['node', ...(name === 'api' ? HTTP_ROLE_NODE_FLAGS : []), `services/dist/apps/${name}/main.js`]);
      expect(existsSync(join(APPS, name, 'main.ts'))).toBe(true);
    }
    // The image's own command (the api) and `make start` (every role in one HTTP process) too.
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(join(DEPLOY, 'Dockerfile'), 'utf8'))?.[1];
    expect(JSON.parse(cmd ?? 'null')).toEqual(role(compose, 'api').command);
    const start = /^start:.*\n\t(.*)$/m.exec(readFileSync(join(DEPLOY, '../Makefile'), 'utf8'))?.[1];
    const allocator = Object.entries(ALLOCATOR_ENV).map(([name, value]) => `${name}=${value}`);
    expect(start?.split(' ')).toEqual([...allocator, 'node', ...HTTP_ROLE_NODE_FLAGS, 'services/dist/apps/start/main.js']);
    // The image sets the allocator's environment for every role it runs.
    const image = readFileSync(join(DEPLOY, 'Dockerfile'), 'utf8').split(/^FROM /m).at(-1) ?? '';
    for (const setting of allocator) expect(image).toMatch(new RegExp(`^ENV ${setting}$`, 'm'));
  });

  it('keep three replicas of the event log, one per NATS node', () => {
    for (const roles of [compose, k8s]) {
      for (const name of APP_ROLES) expect(role(roles, name).env.get('XSD_STREAM_REPLICAS')).toBe('3');
    }
  });

  it('point every client at every NATS node, and every node routes to all of them', () => {
    const composeNodes = ['nats-1', 'nats-2', 'nats-3'];
    const k8sNodes = ['nats-0.nats', 'nats-1.nats', 'nats-2.nats'];
    for (const name of APP_ROLES) {
      expect(hosts(role(compose, name).env.get('NATS_URL'))).toEqual(composeNodes.map((node) => `${node}:4222`));
      expect(hosts(role(k8s, name).env.get('NATS_URL'))).toEqual(k8sNodes.map((node) => `${node}:4222`));
    }
    expect(hosts(flag(role(compose, 'nats').command, '--routes'))).toEqual(composeNodes.map((node) => `${node}:6222`));
    expect(hosts(flag(role(k8s, 'nats').command, '--routes'))).toEqual(k8sNodes.map((node) => `${node}:6222`));
    for (const roles of [compose, k8s]) {
      const command = role(roles, 'nats').command;
      expect(command).toContain('-js');
      expect(flag(command, '--cluster_name')).toBe('xsd');
    }
  });

  it('connect the services to PostgreSQL with the credentials it is set up with', () => {
    for (const roles of [compose, k8s]) {
      const postgres = role(roles, 'postgres').env;
      for (const name of APP_ROLES) {
        const url = new URL(role(roles, name).env.get('DATABASE_URL') ?? '');
        expect([url.hostname, url.username, url.password, url.pathname]).toEqual([
          'postgres',
          postgres.get('POSTGRES_USER'),
          postgres.get('POSTGRES_PASSWORD'),
          `/${postgres.get('POSTGRES_DB')}`,
        ]);
      }
    }
  });

  it("serve each role's ops listener on the container's every interface, on the port the pod names `metrics`", () => {
    for (const roles of [compose, k8s]) {
      for (const name of APP_ROLES) {
        const { env } = role(roles, name);
        const { metricsHost, metricsPort } = loadConfig({
          XSD_METRICS_HOST: env.get('XSD_METRICS_HOST') ?? undefined,
          XSD_METRICS_PORT: env.get('XSD_METRICS_PORT') ?? undefined,
        });
        expect({ name, metricsHost, metricsPort }).toEqual({ name, metricsHost: '0.0.0.0', metricsPort: OPS_PORT });
      }
    }
    for (const name of APP_ROLES) {
      const { spec, pod } = role(k8s, name);
      expect(spec.ports).toContainEqual({ name: 'metrics', containerPort: OPS_PORT });
      expect(pod?.annotations).toEqual({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(OPS_PORT), 'prometheus.io/path': '/metrics' });
    }
  });

  it('probe each role on its ops listener: alive on /livez, ready on /readyz, with minutes for a first start', () => {
    for (const name of APP_ROLES) {
      const { startupProbe, livenessProbe, readinessProbe } = role(k8s, name).spec;
      expect({ name, startup: startupProbe.httpGet, liveness: livenessProbe.httpGet, readiness: readinessProbe.httpGet }).toEqual({
        name,
        startup: { path: '/livez', port: 'metrics' },
        liveness: { path: '/livez', port: 'metrics' },
        readiness: { path: '/readyz', port: 'metrics' },
      });
      // A pod leaves the Service before liveness could restart it.
      expect(readinessProbe.periodSeconds * readinessProbe.failureThreshold).toBeLessThanOrEqual(livenessProbe.periodSeconds * livenessProbe.failureThreshold);
      // Compose waits as long for a first start (migrations, catching up) as Kubernetes does.
      const startSeconds = startupProbe.periodSeconds * startupProbe.failureThreshold;
      expect(startSeconds).toBeGreaterThanOrEqual(120);
      expect(seconds(role(compose, name).spec.healthcheck.start_period)).toBe(startSeconds);
    }
  });

  it("check each compose role's health with its /readyz, in a command the image can run", async () => {
    const { healthcheck } = role(compose, 'api').spec;
    for (const name of APP_ROLES) expect(role(compose, name).spec.healthcheck).toEqual(healthcheck);
    const [kind, program, ...args] = healthcheck.test as string[];
    expect([kind, program]).toEqual(['CMD', 'node']);
    // The image is Node's (deploy/Dockerfile), without curl or wget.
    expect(readFileSync(join(DEPLOY, 'Dockerfile'), 'utf8')).toMatch(/^FROM node:\S+$/m);
    let status = 200;
    const paths: string[] = [];
    const server = createServer((request, response) => {
      paths.push(request.url ?? '');
      response.writeHead(status).end();
    });
    const port = await listen(server);
    try {
      expect(await exitCode(args, port)).toBe(0);
      status = 503;
      expect(await exitCode(args, port)).toBe(1);
      expect(paths).toEqual(['/readyz', '/readyz']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    // Nothing listening: unhealthy too.
    expect(await exitCode(args, port)).toBe(1);
  });

  it('are scraped by Prometheus: every replica of every role by DNS, on its ops port', () => {
    const compose = dnsJob(prometheusConfig('prometheus.yml'), 'silverboard');
    expect({ names: [...compose.names].sort(), port: compose.port }).toEqual({ names: APP_ROLES, port: OPS_PORT });
    // Kubernetes: a headless Service a role that lists its pods ready or not (the not ready are the ones to see).
    const k8sJob = dnsJob(prometheusConfig('prometheus-k8s.yml'), 'silverboard');
    expect(k8sJob.port).toBe(OPS_PORT);
    expect([...k8sJob.names].sort()).toEqual(APP_ROLES.map((name) => `silverboard-${name}-metrics`));
    for (const name of APP_ROLES) {
      expect(k8sService(`silverboard-${name}-metrics`).spec).toEqual({
        clusterIP: 'None',
        publishNotReadyAddresses: true,
        selector: role(k8s, name).pod?.labels,
        ports: [{ name: 'metrics', port: OPS_PORT }],
      });
    }
  });

  it('and every NATS node by an exporter of its own, with the same image and flags on both', () => {
    const nodes = Object.keys(composeServices).filter((name) => /^nats-\d+$/.test(name));
    const exporters = Object.keys(composeServices).filter((name) => name.startsWith('nats-exporter-'));
    expect(exporters).toEqual(nodes.map((node) => node.replace('nats-', 'nats-exporter-')));
    const [sidecar] = role(k8s, 'nats').sidecars ?? [];
    const { command: flags, image } = role(compose, 'nats-exporter');
    for (const [index, exporter] of exporters.entries()) {
      const { command } = composeServices[exporter]!;
      const httpPort = flag(composeServices[nodes[index]!]!.command, '--http_port');
      expect({ exporter, command, image: composeServices[exporter]!.image }).toEqual({
        exporter,
        command: [...flags.slice(0, -1), `http://${nodes[index]}:${httpPort}`],
        image,
      });
    }
    expect(flags).toEqual(expect.arrayContaining(['-varz', '-healthz', '-jsz=streams']));
    expect({ image: sidecar?.image, args: sidecar?.args }).toEqual({
      image,
      args: [...flags.slice(0, -1), `http://localhost:${flag(role(k8s, 'nats').command, '--http_port')}`],
    });
    expect(sidecar?.ports).toEqual([{ name: 'metrics', containerPort: EXPORTER_PORT }]);
    expect(role(k8s, 'nats').pod?.annotations).toMatchObject({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(EXPORTER_PORT) });
    const staticTargets = (prometheusConfig('prometheus.yml').scrape_configs as Yaml[]).find((job) => job.job_name === 'nats');
    expect(staticTargets?.static_configs).toEqual([{ targets: exporters.map((exporter) => `${exporter}:${EXPORTER_PORT}`) }]);
    expect(dnsJob(prometheusConfig('prometheus-k8s.yml'), 'nats')).toEqual({ names: ['nats-metrics'], port: EXPORTER_PORT });
    expect(k8sService('nats-metrics').spec).toEqual({
      clusterIP: 'None',
      publishNotReadyAddresses: true,
      selector: role(k8s, 'nats').pod?.labels,
      ports: [{ name: 'metrics', port: EXPORTER_PORT }],
    });
  });
});

/** Compose's durations as written here: `90s`, `5m`. */
function seconds(duration: string): number {
  const match = /^(\d+)(s|m)$/.exec(duration);
  if (!match) throw new Error(`unexpected duration ${duration}`);
  return Number(match[1]) * (match[2] === 'm' ? 60 : 1);
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Runs the health check's `node -e` as Docker would, against the given ops port. */
async function exitCode(args: readonly string[], port: number): Promise<number | null> {
  const child = spawn(process.execPath, [...args], { env: { ...process.env, XSD_METRICS_PORT: String(port) }, stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve(code));
  });
}
