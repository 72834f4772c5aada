/**
 * The built notifier as a process of its own, sending a price crossing to bound Telegram chats
 * (the loopback fake of the Bot API), killed with SIGKILL mid-send and started again: every chat
 * gets its message exactly once.
 */
import type { ChildProcess } from 'node:child_process';
import { createEvent } from '@xsd/contracts';
import { telegramSubscriptionId } from '@xsd/contracts/events/telegram-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import type { EventLog } from '../event-log/event-log.js';
import { JetStreamEventLog } from '../event-log/jetstream/jetstream-event-log.js';
import { ALL_PREFERENCES_ON, notifierState, spawnNotifier } from '../testing/push-fixtures.js';
import { startTelegramFake, type TelegramFake } from '../testing/telegram-fake.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { deleteStream, TEST_NATS_URL, uniqueStream } from '../testing/test-stream.js';
import { waitFor } from '../testing/wait-for.js';

describe('the notifier with bound Telegram chats, killed mid-send and started again', () => {
  const vapid = webpush.generateVAPIDKeys();
  const CHATS = 60;
  /** Accepted at once before the kill (and recorded): the rest are held by the fake and dropped unanswered. */
  const ACCEPTED_FIRST = 20;
  let fake: TelegramFake;
  let database: TestDatabase;
  const stream = uniqueStream('TELEGRAM');
  let log: EventLog;
  const running = new Set<ChildProcess>();
  let output = '';

  const startNotifier = () => {
    const child = spawnNotifier(
      {
        DATABASE_URL: database.url,
        NATS_URL: TEST_NATS_URL,
        XSD_STREAM: stream.stream,
        XSD_SUBJECT_PREFIX: stream.subjectPrefix,
        XSD_TELEGRAM_BOT_TOKEN: fake.token,
        XSD_TELEGRAM_API_URL: fake.url,
        XSD_METRICS_PORT: '0',
        // Web push stays configured as in production; no browser subscribes here.
        XSD_VAPID_PUBLIC_KEY: vapid.publicKey,
        XSD_VAPID_PRIVATE_KEY: vapid.privateKey,
        XSD_VAPID_SUBJECT: 'mailto:ops@silverboard.test',
      },
      (text) => (output += text),
    );
    running.add(child);
    child.once('exit', () => running.delete(child));
    return child;
  };
  const exited = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once('exit', () => resolve()));

  beforeAll(async () => {
    fake = await startTelegramFake();
    database = await createTestDatabase();
    log = await JetStreamEventLog.connect({ servers: TEST_NATS_URL, ...stream });
  });

  afterAll(async () => {
    for (const child of running) child.kill('SIGKILL');
    await Promise.all([...running].map(exited));
    await log?.close();
    await fake?.close();
    await deleteStream(stream.stream);
    await database?.drop();
  });

  it(
    'sends each chat its message once: what was accepted and recorded is not sent again, what was in flight is sent after the restart',
    async () => {
      const chats = Array.from({ length: CHATS }, (_, index) => 2_000 + index);
      const now = new Date();
      // Bound through the log (the events /start appends), one price rule each.
      await log.appendMany(
        chats.map((chatId, index) =>
          createEvent(
            'telegram.chat-bound',
            {
              subscriptionId: telegramSubscriptionId(chatId),
              chatId,
              linkId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
              preferences: ALL_PREFERENCES_ON,
              alerts: { token: [{ id: 'base-up', token: 'XSD', chain: 'Base', condition: 'above', price: 1, enabled: true, lastTriggered: null }], silver: [], calendar: [] },
            },
            { actor: { kind: 'visitor', id: null }, now },
          ),
        ),
      );
      fake.answerNext([...Array.from({ length: ACCEPTED_FIRST }, () => ({})), ...Array.from({ length: CHATS - ACCEPTED_FIRST }, () => ({ holdMs: 10_000 }))]);

      const first = startNotifier();
      await waitFor(async () => (await notifierState(database.handle.db)).checkpoint !== null, { timeoutMs: 60_000, intervalMs: 100, message: `the notifier to lead\n${output}` });
      await log.append(createEvent('price.ticked', { token: 'XSD', chain: 'Base', price: 1.2, observedAt: now.toISOString() }, { actor: { kind: 'system', id: 'test' }, now }));

      await waitFor(async () => (await notifierState(database.handle.db)).delivered === ACCEPTED_FIRST, {
        timeoutMs: 30_000,
        intervalMs: 20,
        message: `${ACCEPTED_FIRST} deliveries recorded\n${output}`,
      });
      // Mid-send: every held message has reached the fake (and is unanswered) before the kill.
      await waitFor(() => fake.calls().length === CHATS, { timeoutMs: 30_000, intervalMs: 20, message: `all ${CHATS} messages asked for` });
      expect(fake.messages()).toHaveLength(ACCEPTED_FIRST);
      first.kill('SIGKILL');
      await exited(first);
      expect(await notifierState(database.handle.db)).toMatchObject({ unappended: 0, pending: CHATS - ACCEPTED_FIRST, delivered: ACCEPTED_FIRST });

      startNotifier();
      await fake.waitForMessages(CHATS, { timeoutMs: 60_000 });
      await waitFor(async () => (await notifierState(database.handle.db)).delivered === CHATS, { timeoutMs: 30_000, message: `every delivery recorded\n${output}` });

      const text = 'XSD price alert\nXSD on Base is $1.200000, above your $1.000000 alert.';
      expect(chats.map((chatId) => fake.messages(chatId).map((message) => message.text))).toEqual(chats.map(() => [text]));
      expect(fake.calls().filter((call) => call.outcome === 'dropped')).toHaveLength(CHATS - ACCEPTED_FIRST);
      const deliveries = (await log.read(1, 1_000_000)).flatMap(({ event }) => (event.type === 'push.deliveries-recorded' ? event.data.deliveries : []));
      expect(deliveries).toHaveLength(CHATS);
      expect(new Set(deliveries.map((delivery) => delivery.subscriptionId))).toEqual(new Set(chats.map(telegramSubscriptionId)));
      for (const delivery of deliveries) expect(delivery).toMatchObject({ outcome: 'sent', status: 200 });
    },
    180_000,
  );
});
