import { randomBytes } from 'node:crypto';
import { type AnyEvent, createEvent, InvalidEventError } from '@xsd/contracts';
import { connect } from 'nats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../testing/wait-for.js';
import type { StoredEvent } from '../event-log.js';
import { describeEventLogConformance } from '../testing/event-log-conformance.js';
import { JetStreamEventLog } from './jetstream-event-log.js';

const SERVERS = process.env.XSD_TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

/** A stream and subject prefix of its own: streams with overlapping subjects cannot coexist. */
function uniqueStream() {
  const suffix = randomBytes(5).toString('hex');
  return { stream: `XSD_TEST_${suffix.toUpperCase()}`, subjectPrefix: `t${suffix}.` };
}

async function deleteStream(stream: string): Promise<void> {
  const nc = await connect({ servers: SERVERS });
  try {
    const jsm = await nc.jetstreamManager();
    await jsm.streams.delete(stream).catch(() => false);
  } finally {
    await nc.close();
  }
}

describeEventLogConformance('JetStream', async (delivery) => {
  const names = uniqueStream();
  const open = () => JetStreamEventLog.connect({ servers: SERVERS, ...names, ...delivery });
  return { log: await open(), reopen: open, cleanup: () => deleteStream(names.stream) };
});

describe('JetStream event log: how events sit in the stream', () => {
  const names = uniqueStream();
  const deadLetters: StoredEvent[] = [];
  let log: JetStreamEventLog;

  beforeAll(async () => {
    log = await JetStreamEventLog.connect({
      servers: SERVERS,
      ...names,
      maxDeliveries: 2,
      retryDelayMs: 10,
      onDeadLetter: (stored) => {
        deadLetters.push(stored);
      },
    });
  });

  afterAll(async () => {
    await log.close();
    await deleteStream(names.stream);
  });

  it('given a new log, when it connects, then the stream exists on the prefixed subjects with a deduplication window', async () => {
    const nc = await connect({ servers: SERVERS });
    try {
      const jsm = await nc.jetstreamManager();
      const info = await jsm.streams.info(names.stream);
      expect(info.config.subjects).toEqual([`${names.subjectPrefix}xsd.>`]);
      expect(info.config.storage).toBe('file');
      expect(info.config.duplicate_window).toBe(120_000_000_000);
      // Connecting again finds it and leaves it alone.
      const again = await JetStreamEventLog.connect({ servers: SERVERS, ...names });
      await again.close();
    } finally {
      await nc.close();
    }
  });

  it('given an appended event, then it is stored on prefix + subject with the event id as Nats-Msg-Id', async () => {
    const now = new Date('2025-06-01T00:00:00.000Z');
    const event = createEvent('silver.ticked', { pricePerGram: 0.98, pricePerOunce: 30.5, observedAt: now.toISOString() }, {
      actor: { kind: 'system', id: 'test' },
      now,
    });

    const { sequence } = await log.append(event);

    const nc = await connect({ servers: SERVERS });
    try {
      const jsm = await nc.jetstreamManager();
      const message = await jsm.streams.getMessage(names.stream, { seq: sequence });
      expect(message.subject).toBe(`${names.subjectPrefix}xsd.silver.xag`);
      expect(message.header.get('Nats-Msg-Id')).toBe(event.id);
      expect(message.json()).toEqual(event);
    } finally {
      await nc.close();
    }
  });

  it('given an event whose text holds NUL or a lone surrogate, when it is appended, then it is refused and nothing reaches the stream', async () => {
    const now = new Date('2025-06-01T00:00:00.000Z');
    const valid = createEvent('maintenance.started', { title: 'Upgrade', message: 'Back soon', expectedUpTime: null }, {
      actor: { kind: 'system', id: 'test' },
      now,
    });
    const withNul = { ...valid, data: { ...valid.data, message: 'Back\u0000soon' } } as AnyEvent;
    const withSurrogate = { ...valid, data: { ...valid.data, title: 'Up\uD800grade' } } as AnyEvent;
    const before = await log.lastSequence();

    await expect(log.append(withNul)).rejects.toThrow(InvalidEventError);
    await expect(log.append(withSurrogate)).rejects.toThrow(/data\.title: must not contain NUL characters or unpaired surrogates/);
    await expect(log.appendMany([valid, withNul])).rejects.toThrow(InvalidEventError);

    expect(await log.lastSequence()).toBe(before);
    expect(await log.subjectSequence(valid.subject)).toBe(0);
  });

  it('given a consumer that handled some events and dead-lettered one, then the server holds nothing unsettled for it (acked and terminated)', async () => {
    const now = new Date('2025-06-01T00:00:00.000Z');
    const events = [1, 2, 3].map((minute) =>
      createEvent('maintenance.updated', { title: `t${minute}`, message: null, expectedUpTime: null }, {
        actor: { kind: 'system', id: 'test' },
        now: new Date(now.getTime() + minute * 60_000),
      }),
    );
    const [first, poison, last] = await log.appendMany(events);
    const handled: number[] = [];
    const subscription = await log.subscribe('settling', { fromSequence: first.sequence, maxBatch: 10 }, async (batch) => {
      if (batch.some(({ sequence }) => sequence === poison.sequence)) throw new Error('poison');
      handled.push(...batch.map(({ sequence }) => sequence));
    });
    await waitFor(() => handled.includes(last.sequence), { timeoutMs: 10_000, intervalMs: 5, message: 'the last event' });
    await subscription.stop();

    const nc = await connect({ servers: SERVERS });
    try {
      const jsm = await nc.jetstreamManager();
      const info = await jsm.consumers.info(names.stream, 'settling');
      expect(info.num_ack_pending).toBe(0);
      expect(info.ack_floor.stream_seq).toBe(last.sequence);
      expect(info.config.ack_policy).toBe('all');
    } finally {
      await nc.close();
    }
    expect(handled).toEqual([first.sequence, last.sequence]);
    expect(deadLetters.map(({ sequence }) => sequence)).toEqual([poison.sequence]);
  });
});
