/**
 * Notifier benchmark (issue 13): one price event fanned out to every subscription's rule.
 *
 *   node --conditions=source --import tsx bench/notify/main.ts [--subscriptions 10000]
 *
 * On a fresh PostgreSQL database and JetStream stream of this machine (the production layout),
 * with the loopback push receiver in this process (HTTPS, VAPID checked, every payload decrypted):
 * 1. registers --subscriptions push subscriptions with one XSD-on-Base price rule each, by
 *    appending their `push.subscription-saved` events to the log (the event the API appends for
 *    POST /api/push/subscriptions, without the HTTP round trips), thresholds spread below 1.05;
 * 2. starts the built notifier as its own process (services/dist/apps/notifier/main.js) and waits
 *    until it has folded them;
 * 3. appends one XSD/Base price event at 1.05, across every threshold, and times it to the last
 *    push the receiver accepted (target < 10 s), with the pushes per second over that time, the
 *    first push's delay and when every outcome was recorded in the log.
 * Exits 1 when the target is missed or a push is missing or refused. Build first (`make build`).
 */
import type { ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import webpush from 'web-push';
import { createEvent } from '@xsd/contracts';
import { JetStreamEventLog } from '@xsd/services/event-log/jetstream/jetstream-event-log';
import { notifierState, pushProcessEnv, spawnNotifier, subscriptionSavedEvent } from '@xsd/services/testing/push-fixtures';
import { startPushReceiver } from '@xsd/services/testing/push-receiver';
import { createTestDatabase } from '@xsd/services/testing/test-database';
import { deleteStream, TEST_NATS_URL, uniqueStream } from '@xsd/services/testing/test-stream';
import { waitFor } from '@xsd/services/testing/wait-for';

const { values } = parseArgs({ options: { subscriptions: { type: 'string', default: '10000' } } });
const SUBSCRIPTIONS = Math.max(1, Number(values.subscriptions));
const TARGET_MS = 10_000;
const PRICE = 1.05;
const APPEND_BATCH = 1_000;

let missed = 0;
const line = (label: string, value: string, target: string, ok: boolean | null) => {
  if (ok === false) missed += 1;
  process.stdout.write(`${label.padEnd(44)} ${value.padStart(14)}   ${target ? `target ${target.padEnd(10)}` : ''.padEnd(17)} ${ok === null ? '' : ok ? 'ok' : 'MISSED'}\n`);
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

process.stdout.write(`bench/notify: ${cpus().length} cores, load ${loadavg()[0].toFixed(2)}, ${SUBSCRIPTIONS.toLocaleString('en')} subscriptions\n\n`);

const vapid = webpush.generateVAPIDKeys();
const receiver = await startPushReceiver({ vapidPublicKey: vapid.publicKey, record: 'count' });
const database = await createTestDatabase();
const stream = uniqueStream('BENCH');
const log = await JetStreamEventLog.connect({ servers: TEST_NATS_URL, ...stream });
let notifier: ChildProcess | null = null;
let output = '';

try {
  // ── 1. subscriptions, through the log ──────────────────────────────────────
  const registeredFrom = performance.now();
  const subscribers = receiver.createSubscribers(SUBSCRIPTIONS, { applicationServerKey: vapid.publicKey });
  const now = new Date();
  for (let from = 0; from < subscribers.length; from += APPEND_BATCH) {
    await log.appendMany(
      subscribers.slice(from, from + APPEND_BATCH).map((subscription, offset) =>
        subscriptionSavedEvent(subscription, {
          // Spread over 0.90 .. 1.05: every one of them at or below the price event's 1.05.
          alerts: { token: [{ id: 'xsd-base', token: 'XSD', chain: 'Base', condition: 'above', price: Number((0.9 + (0.15 * (from + offset)) / SUBSCRIPTIONS).toFixed(6)), enabled: true, lastTriggered: null }] },
          now,
        }),
      ),
    );
  }
  process.stdout.write(`registered ${SUBSCRIPTIONS.toLocaleString('en')} subscriptions in the log in ${seconds(performance.now() - registeredFrom)}\n`);

  // ── 2. the notifier, as its own process ────────────────────────────────────
  notifier = spawnNotifier(
    pushProcessEnv({ database, stream, natsUrl: TEST_NATS_URL, receiver, vapid, vapidSubject: 'mailto:bench@silverboard.test' }),
    (text) => (output += text),
  );
  const foldedFrom = performance.now();
  const registered = await log.lastSequence();
  await waitFor(async () => ((await notifierState(database.handle.db)).checkpoint ?? -1) >= registered, {
    timeoutMs: 300_000,
    intervalMs: 100,
    message: `the notifier to fold the subscriptions\n${output}`,
  });
  process.stdout.write(`the notifier started and folded them in ${seconds(performance.now() - foldedFrom)}\n\n`);

  // ── 3. one price event across every threshold ──────────────────────────────
  const at = new Date();
  const tick = createEvent('price.ticked', { token: 'XSD', chain: 'Base', price: PRICE, observedAt: at.toISOString() }, { actor: { kind: 'system', id: 'bench' }, now: at });
  const started = performance.now();
  await log.append(tick);
  let firstMs = 0;
  const first = receiver.waitForPushes(1, { timeoutMs: 120_000 }).then(() => (firstMs = performance.now() - started));
  await receiver.waitForPushes(SUBSCRIPTIONS, { timeoutMs: 300_000 });
  const lastMs = performance.now() - started;
  await first;
  await waitFor(async () => (await notifierState(database.handle.db)).delivered >= SUBSCRIPTIONS, { timeoutMs: 120_000, intervalMs: 20, message: 'every outcome recorded' });
  const recordedMs = performance.now() - started;
  const state = await notifierState(database.handle.db);
  const rate = SUBSCRIPTIONS / (lastMs / 1000);

  line('price event to first push accepted', seconds(firstMs), '', null);
  line('price event to last push accepted', seconds(lastMs), `< ${TARGET_MS / 1000} s`, lastMs < TARGET_MS);
  line('pushes per second (over that time)', rate.toFixed(0), `>= ${(SUBSCRIPTIONS / (TARGET_MS / 1000)).toFixed(0)}/s`, rate >= SUBSCRIPTIONS / (TARGET_MS / 1000));
  line('price event to every outcome in the log', seconds(recordedMs), '', null);
  const complete = receiver.count() === SUBSCRIPTIONS && state.sent === SUBSCRIPTIONS && receiver.rejected().length === 0;
  line('pushes accepted, sent outcomes, refused', `${receiver.count()}/${state.sent}/${receiver.rejected().length}`, `${SUBSCRIPTIONS}/${SUBSCRIPTIONS}/0`, complete);
} finally {
  notifier?.kill('SIGTERM');
  if (notifier && notifier.exitCode === null) await new Promise((resolve) => notifier!.once('exit', resolve));
  await log.close();
  await receiver.close();
  await deleteStream(stream.stream);
  await database.drop();
}

process.stdout.write(missed === 0 ? '\nall targets met\n' : `\n${missed} target(s) missed\n`);
process.exit(missed === 0 ? 0 : 1);
