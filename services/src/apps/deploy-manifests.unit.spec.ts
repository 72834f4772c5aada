import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';

/**
 * deploy/compose.yaml and deploy/k8s/ describe the same distributed product: the same services with
 * the same replicas, commands and environment, a three-node NATS cluster that every client lists
 * and that keeps three replicas of the event log.
 */
const DEPLOY = fileURLToPath(new URL('../../../deploy/', import.meta.url));
const APPS = fileURLToPath(new URL('./', import.meta.url));
const APP_ROLES = ['api', 'ingestor', 'notifier', 'projector'];
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
}

type Yaml = Record<string, any>;

function composeRoles(): Map<string, Role> {
  const compose = parse(readFileSync(join(DEPLOY, 'compose.yaml'), 'utf8'), { merge: true }) as Yaml;
  const roles = new Map<string, Role>();
  for (const [name, service] of Object.entries(compose.services as Record<string, Yaml>)) {
    // nats-1, nats-2, nats-3: one role of three nodes.
    const role = name.replace(/-\d+$/, '');
    const env = new Map(Object.entries(service.environment ?? {}).map(([key, value]) => [key, String(value)]));
    const known = roles.get(role);
    roles.set(role, {
      replicas: (known?.replicas ?? 0) + (service.deploy?.replicas ?? 1),
      env,
      image: service.image,
      command: (service.command ?? []).map(String),
    });
  }
  return roles;
}

function k8sRoles(): Map<string, Role> {
  const documents = readdirSync(join(DEPLOY, 'k8s'))
    .filter((file) => file.endsWith('.yaml'))
    .flatMap((file) => parseAllDocuments(readFileSync(join(DEPLOY, 'k8s', file), 'utf8')).map((doc) => doc.toJS() as Yaml));
  const keysOf = (kind: string, name: string): Map<string, string> => {
    const found = documents.find((doc) => doc.kind === kind && doc.metadata.name === name);
    if (!found) throw new Error(`deploy/k8s has no ${kind} ${name}`);
    return new Map(Object.entries(found.data ?? found.stringData ?? {}).map(([key, value]) => [key, String(value)]));
  };
  const roles = new Map<string, Role>();
  for (const workload of documents.filter((doc) => doc.kind === 'Deployment' || doc.kind === 'StatefulSet')) {
    const [container] = workload.spec.template.spec.containers as Yaml[];
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
    });
  }
  return roles;
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

describe('deploy/compose.yaml and deploy/k8s', () => {
  it('run the same services: the four roles, a NATS cluster and PostgreSQL', () => {
    const expected = ['api', 'ingestor', 'nats', 'notifier', 'postgres', 'projector'];
    expect([...compose.keys()].sort()).toEqual(expected);
    expect([...k8s.keys()].sort()).toEqual(expected);
  });

  it('with the same replicas, and three NATS nodes', () => {
    for (const name of compose.keys()) {
      expect({ name, replicas: role(k8s, name).replicas }).toEqual({ name, replicas: role(compose, name).replicas });
    }
    expect(role(compose, 'nats').replicas).toBe(3);
  });

  it('with the same images for NATS and PostgreSQL', () => {
    for (const name of ['nats', 'postgres']) expect(role(k8s, name).image).toBe(role(compose, name).image);
  });

  it('give every service the same environment variables', () => {
    for (const name of compose.keys()) {
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

  it('start each role with the same command, an entry point that exists', () => {
    for (const name of APP_ROLES) {
      const command = role(compose, name).command;
      expect(role(k8s, name).command).toEqual(command);
      expect(command).toEqual(['node', `services/dist/apps/${name}/main.js`]);
      expect(existsSync(join(APPS, name, 'main.ts'))).toBe(true);
    }
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
});
