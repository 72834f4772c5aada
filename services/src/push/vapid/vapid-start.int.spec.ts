import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteDirectory } from '../../database/database.js';
import { findFreeBasePort } from '../../devnet/free-port.js';
import { seedPgliteDataDir } from '../../testing/test-database.js';
import { waitFor } from '../../testing/wait-for.js';
import { VAPID_KEY_FILE } from './vapid-keys.js';

// The built API service, as production runs it (`make test` builds before testing).
const API_MAIN = fileURLToPath(new URL('../../../dist/apps/api/main.js', import.meta.url));

interface Api {
  readonly url: string;
  readonly child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/**
 * The API alone, embedded, on a data folder; answers once /api/health does, or when it exits. A
 * new folder gets the migrated database the stacks start from (what this file tests is the key
 * file beside it): migrating PGlite afresh took 7 s a start.
 */
async function startApi(env: Record<string, string>): Promise<Api> {
  if (env.XSD_DATA_DIR !== undefined && !existsSync(pgliteDirectory(env.XSD_DATA_DIR))) await seedPgliteDataDir(env.XSD_DATA_DIR);
  const port = await findFreeBasePort(1);
  let output = '';
  const child = spawn(process.execPath, [API_MAIN], {
    env: { ...process.env, PORT: String(port), XSD_NETWORK_PROFILE: 'devnet', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr?.setEncoding('utf8').on('data', (text: string) => (output += text));
  const closed = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  let done = false;
  void closed.then(() => (done = true));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => done || (await fetch(`${url}/api/health`).catch(() => null))?.status === 200, {
    timeoutMs: 90_000,
    intervalMs: 200,
    message: 'the API to answer or exit',
  }).catch((error: unknown) => {
    // A start that hangs says how far it got, and is not left running.
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}; its output so far: ${output.trim() || '(none)'}`);
  });
  return { url, child, output: () => output, exited: closed };
}

async function stop(api: Api): Promise<void> {
  if (api.child.exitCode === null && api.child.signalCode === null) api.child.kill('SIGTERM');
  await api.exited;
}

const publicKeyOf = async (api: Api) => ((await (await fetch(`${api.url}/api/push/key`)).json()) as { publicKey: string }).publicKey;

describe('VAPID keys of the API service (built, in its own process)', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'xsd-vapid-start-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('makes its keys at first start, keeps them under XSD_DATA_DIR, and serves the same key after a restart', async () => {
    const data = join(dir, 'kept');
    const first = await startApi({ XSD_DATA_DIR: data });
    const key = await publicKeyOf(first);
    await stop(first);
    expect((await stat(join(data, VAPID_KEY_FILE))).mode & 0o777).toBe(0o600);

    const second = await startApi({ XSD_DATA_DIR: data });
    try {
      expect(await publicKeyOf(second)).toBe(key);
      expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    } finally {
      await stop(second);
    }
    const { privateKey } = JSON.parse(await readFile(join(data, VAPID_KEY_FILE), 'utf8')) as { privateKey: string };
    for (const api of [first, second]) expect(api.output()).not.toContain(privateKey);
  }, 180_000);

  it('serves the keys given in XSD_VAPID_PUBLIC_KEY / XSD_VAPID_PRIVATE_KEY and never prints the private one', async () => {
    const pair = webpush.generateVAPIDKeys();
    const api = await startApi({
      XSD_DATA_DIR: join(dir, 'env'),
      XSD_VAPID_PUBLIC_KEY: pair.publicKey,
      XSD_VAPID_PRIVATE_KEY: pair.privateKey,
      XSD_VAPID_SUBJECT: 'mailto:ops@silverboard.test',
    });
    try {
      expect(await publicKeyOf(api)).toBe(pair.publicKey);
    } finally {
      await stop(api);
    }
    expect(api.output()).not.toContain(pair.privateKey);
    await expect(stat(join(dir, 'env', VAPID_KEY_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
  }, 120_000);

  it.each([
    ['a public key without the private one', { XSD_VAPID_PUBLIC_KEY: webpush.generateVAPIDKeys().publicKey }, 'Set both XSD_VAPID_PUBLIC_KEY and XSD_VAPID_PRIVATE_KEY, or neither'],
    [
      'a malformed private key',
      { XSD_VAPID_PUBLIC_KEY: webpush.generateVAPIDKeys().publicKey, XSD_VAPID_PRIVATE_KEY: 'top-secret-but-malformed' },
      'XSD_VAPID_PUBLIC_KEY and XSD_VAPID_PRIVATE_KEY must be a P-256 key pair in base64url (65 and 32 bytes), as `npx web-push generate-vapid-keys` prints',
    ],
    ['an http subject', { XSD_VAPID_SUBJECT: 'http://silverboard.example' }, "XSD_VAPID_SUBJECT must be a mailto: address or an https URL, got 'http://silverboard.example'"],
  ])('refuses to start with %s, in one line', async (_name, env, message) => {
    const api = await startApi({ XSD_DATA_DIR: join(dir, `bad-${Math.random()}`), ...env });
    expect(await api.exited).toBe(1);
    const lines = api.output().trim().split('\n').filter((line) => line.includes('Silverboard failed to start'));
    expect(lines).toEqual([`Silverboard failed to start: ${message}`]);
    expect(api.output()).not.toContain('top-secret-but-malformed');
  }, 120_000);
});
