/**
 * Community-channel delivery in the built services as processes of their own (PostgreSQL and
 * JetStream of this machine): the projector keeps the channels read model, the notifier delivers.
 * The notifier is killed with SIGKILL while deliveries are in flight (the receiver holds them
 * unanswered) and started again: every channel accepts the message exactly once, and every try
 * of one channel's message carries the same `webhook-id`.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createEvent } from '@xsd/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import type { EventLog } from '../../event-log/event-log.js';
import { JetStreamEventLog } from '../../event-log/jetstream/jetstream-event-log.js';
import { type ChannelReceiver, startChannelReceiver } from '../../testing/channel-receiver.js';
import { spawnNotifier } from '../../testing/push-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { deleteStream, TEST_NATS_URL, uniqueStream } from '../../testing/test-stream.js';
import { waitFor } from '../../testing/wait-for.js';
import { generateWebhookSecret } from '../../channels/channel-secret.js';

const PROJECTOR_MAIN = fileURLToPath(new URL('../../../dist/apps/projector/main.js', import.meta.url));
const CHANNELS = 40;
const ACCEPTED_FIRST = 15;
const STAFF = { kind: 'staff', id: '0190a000-0000-7000-8000-0000000000aa', email: 'ops@silverboard.test' } as const;

describe('the notifier SIGKILLed mid-delivery to community channels', () => {
  const vapid = webpush.generateVAPIDKeys();
  const stream = uniqueStream('CHANNELS');
  let receiver: ChannelReceiver;
  let database: TestDatabase;
  let log: EventLog;
  const running = new Set<ChildProcess>();
  let output = '';

  const env = () => ({
    DATABASE_URL: database.url,
    NATS_URL: TEST_NATS_URL,
    XSD_STREAM: stream.stream,
    XSD_SUBJECT_PREFIX: stream.subjectPrefix,
    NODE_EXTRA_CA_CERTS: receiver.caFile,
    XSD_WEBHOOK_ALLOW_HOSTS: 'localhost',
    XSD_VAPID_PUBLIC_KEY: vapid.publicKey,
    XSD_VAPID_PRIVATE_KEY: vapid.privateKey,
    XSD_VAPID_SUBJECT: 'mailto:ops@silverboard.test',
    XSD_METRICS_PORT: '0',
  });
  const track = (child: ChildProcess) => {
    running.add(child);
    child.once('exit', () => running.delete(child));
    return child;
  };
  const exited = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const startNotifier = () => track(spawnNotifier(env(), (text) => (output += text)));
  const counts = async () => {
    const rows = await database.handle.db.selectFrom('channel_deliveries').select(['status']).execute();
    return { delivered: rows.filter((r) => r.status === 'delivered').length, pending: rows.filter((r) => r.status === 'pending').length };
  };

  beforeAll(async () => {
    receiver = await startChannelReceiver();
    database = await createTestDatabase();
    log = await JetStreamEventLog.connect({ servers: TEST_NATS_URL, ...stream });
  });

  afterAll(async () => {
    for (const child of running) child.kill('SIGKILL');
    await Promise.all([...running].map(exited));
    await log?.close();
    await receiver?.close();
    await deleteStream(stream.stream);
    await database?.drop();
  });

  it('every channel accepts the maintenance notice once across the kill', { timeout: 180_000 }, async () => {
    const now = new Date();
    const paths = Array.from({ length: CHANNELS }, (_, i) => `/kill/${i}`);
    await log.appendMany(
      paths.map((path) => {
        const secret = generateWebhookSecret();
        return createEvent(
          'channel.created',
          { channelId: crypto.randomUUID(), kind: 'webhook', name: path, urlOrChat: receiver.webhook(path, secret), events: ['maintenance'], secret },
          { actor: STAFF, now },
        );
      }),
    );
    // Its output is read: a role's logger waits for stdout to take its lines.
    const projector = track(spawn(process.execPath, [PROJECTOR_MAIN], { env: { ...process.env, ...env() }, stdio: ['ignore', 'pipe', 'pipe'] }));
    for (const stream of [projector.stdout!, projector.stderr!]) stream.setEncoding('utf8').on('data', (text: string) => (output += text));
    await waitFor(async () => (await database.handle.db.selectFrom('channels').select('id').execute()).length === CHANNELS, {
      timeoutMs: 60_000,
      intervalMs: 100,
      message: 'the projector to keep every channel',
    });
    for (const path of paths.slice(ACCEPTED_FIRST)) receiver.respond(path, [{ status: 0, holdMs: 15_000 }]);

    const first = startNotifier();
    await log.append(createEvent('maintenance.started', { title: 'Upgrade', message: 'Back soon.', expectedUpTime: null }, { actor: STAFF, now: new Date() }));
    await waitFor(async () => (await counts()).delivered === ACCEPTED_FIRST && receiver.received().length === CHANNELS, {
      timeoutMs: 60_000,
      intervalMs: 20,
      message: `${ACCEPTED_FIRST} deliveries marked and the rest held\n${output}`,
    });
    first.kill('SIGKILL');
    await exited(first);
    expect(await counts()).toEqual({ delivered: ACCEPTED_FIRST, pending: CHANNELS - ACCEPTED_FIRST });

    startNotifier();
    await waitFor(async () => (await counts()).delivered === CHANNELS, { timeoutMs: 60_000, intervalMs: 100, message: `every delivery\n${output}` });
    for (const path of paths) {
      const tries = receiver.received(path);
      expect(tries.filter((t) => t.status >= 200 && t.status < 300), path).toHaveLength(1);
      expect(new Set(tries.map((t) => t.headers['webhook-id'])).size, path).toBe(1);
      expect(tries.every((t) => t.problems.length === 0), path).toBe(true);
    }
    // Deliveries really were in flight at the kill: held tries of the killed process.
    expect(receiver.received().filter((t) => t.status === 0)).toHaveLength(CHANNELS - ACCEPTED_FIRST);
  });
});
