import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type AnyEvent, createEvent, InvalidEventError } from '@xsd/contracts';
import { connect } from 'nats';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { priceTicks } from '../../testing/price-ticks.js';
import { deleteStream, TEST_NATS_URL as SERVERS, uniqueStream } from '../../testing/test-stream.js';
import { waitFor } from '../../testing/wait-for.js';
import type { StoredEvent } from '../event-log.js';
import { describeEventLogConformance } from '../testing/event-log-conformance.js';
import { JetStreamEventLog } from './jetstream-event-log.js';

const FOLLOWER_PROCESS = fileURLToPath(new URL('../testing/follower-process.ts', import.meta.url));

async function consumerExists(stream: string, name: string): Promise<boolean> {
  const nc = await connect({ servers: SERVERS });
  try {
    const jsm = await nc.jetstreamManager();
    return await jsm.consumers.info(stream, name).then(
      () => true,
      () => false,
    );
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

describe('JetStream event log: ephemeral followers leave nothing behind', () => {
  const names = uniqueStream();
  let log: JetStreamEventLog;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    log = await JetStreamEventLog.connect({ servers: SERVERS, ...names });
    await log.appendMany(priceTicks(3));
  });

  afterEach(() => {
    child?.kill('SIGKILL');
    child = undefined;
  });

  afterAll(async () => {
    await log.close();
    await deleteStream(names.stream);
  });

  it('given a follower, when it is stopped, then its consumer is gone at once', async () => {
    const handled: number[] = [];
    const follower = await log.subscribe('live_stopped', { fromSequence: 1, ephemeral: true }, async (batch) => {
      handled.push(...batch.map(({ sequence }) => sequence));
    });
    await waitFor(() => handled.length === 3, { timeoutMs: 10_000, message: 'the follower to get 3 events' });
    expect(await consumerExists(names.stream, 'live_stopped')).toBe(true);

    await follower.stop();

    expect(await consumerExists(names.stream, 'live_stopped')).toBe(false);
  });

  it('given a follower in a process killed with SIGKILL, then the server drops its consumer after the inactivity threshold', async () => {
    const follower = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', FOLLOWER_PROCESS], {
      env: {
        ...process.env,
        NATS_URL: SERVERS,
        XSD_STREAM: names.stream,
        XSD_SUBJECT_PREFIX: names.subjectPrefix,
        FOLLOWER_NAME: 'live_killed',
        FOLLOWER_INACTIVE_MS: '1000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = follower;
    let output = '';
    follower.stdout?.setEncoding('utf8').on('data', (text: string) => (output += text));
    follower.stderr?.setEncoding('utf8').on('data', (text: string) => (output += text));
    await waitFor(() => output.includes('handled 3'), { timeoutMs: 30_000, message: `the follower process to get 3 events (${output})` });
    expect(await consumerExists(names.stream, 'live_killed')).toBe(true);

    const exited = new Promise((resolve) => follower.once('exit', resolve));
    follower.kill('SIGKILL');
    await exited;
    const killedAt = Date.now();

    await waitFor(async () => !(await consumerExists(names.stream, 'live_killed')), {
      timeoutMs: 30_000,
      intervalMs: 100,
      message: 'the killed follower consumer to be dropped',
    });
    // Dropped by the threshold (1 s), not left for a later clean-up.
    expect(Date.now() - killedAt).toBeLessThan(15_000);
  });
});

describe('JetStream event log: a scan reads as its caller takes pages', () => {
  const names = uniqueStream();
  let log: JetStreamEventLog;

  beforeAll(async () => {
    log = await JetStreamEventLog.connect({ servers: SERVERS, ...names });
    await log.appendMany(priceTicks(5_000));
  });

  afterAll(async () => {
    await log.close();
    await deleteStream(names.stream);
  });

  it('given a caller that took two pages, then the server has sent it those two pages and nothing more', async () => {
    const pages = log.scan(1, 5_000, 500);
    await pages.next();
    const second = await pages.next();
    const nc = await connect({ servers: SERVERS });
    try {
      const consumers = [];
      for await (const consumer of (await nc.jetstreamManager()).consumers.list(names.stream)) consumers.push(consumer);

      expect(second.value?.at(-1)?.sequence).toBe(1_000);
      expect(consumers.map((consumer) => consumer.delivered.stream_seq)).toEqual([1_000]);
    } finally {
      await nc.close();
      await pages.return(undefined);
    }
  });
});
