import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamEvent } from '@xsd/contracts/api/stream';
import { backoffDelay, LiveStreamClient, type ConnectionState, type StreamSource } from './stream-client';

class FakeSource implements StreamSource {
  closed = false;
  private readonly listeners = new Map<string, Array<(event: Event) => void>>();

  addEventListener(type: string, listener: (event: Event) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
  }

  emit(type: string, data?: unknown): void {
    const event = data === undefined ? new Event(type) : ({ type, data: JSON.stringify(data) } as unknown as Event);
    this.listeners.get(type)?.forEach((listener) => listener(event));
  }
}

function setup() {
  const sources: FakeSource[] = [];
  const states: ConnectionState[] = [];
  const events: StreamEvent[] = [];
  const client = new LiveStreamClient({
    url: '/api/stream',
    createSource: () => {
      const source = new FakeSource();
      sources.push(source);
      return source;
    },
    onEvent: (event) => events.push(event),
    onStateChange: (state) => states.push(state),
  });
  const latest = () => sources[sources.length - 1]!;
  return { client, sources, states, events, latest };
}

const price = { token_name: 'XSD', chain_name: 'Base', price: 1.02, timestamp: '2025-06-01T00:00:00Z' };

describe('backoffDelay', () => {
  it('doubles from 1 s and caps at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((attempt) => backoffDelay(attempt))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });
});

describe('LiveStreamClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-06-01T00:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('when the subscription succeeds', () => {
    it('goes from connecting to connected', () => {
      const { client, states, latest } = setup();
      client.start();
      expect(states).toEqual(['connecting']);
      latest().emit('open');
      expect(client.getState()).toBe('connected');
    });

    it('passes parsed events on and drops malformed ones', () => {
      const { client, events, latest } = setup();
      client.start();
      latest().emit('open');
      latest().emit('price', price);
      latest().emit('silver', { price_per_gram: -1, timestamp: 'x' });
      latest().emit('news', {});
      expect(events).toEqual([
        { type: 'price', data: price },
        { type: 'news', data: {} },
      ]);
    });

    it('counts an update as connected even before the open event', () => {
      const { client, latest } = setup();
      client.start();
      latest().emit('price', price);
      expect(client.getState()).toBe('connected');
    });
  });

  describe('when the connection fails', () => {
    it('re-subscribes after 1 s, 2 s and 4 s, then gives up', () => {
      const { client, sources, latest } = setup();
      client.start();

      latest().emit('error');
      expect(client.getState()).toBe('offline');
      expect(sources[0]!.closed).toBe(true);
      vi.advanceTimersByTime(999);
      expect(sources).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(sources).toHaveLength(2);

      latest().emit('error');
      vi.advanceTimersByTime(1_999);
      expect(sources).toHaveLength(2);
      vi.advanceTimersByTime(1);
      expect(sources).toHaveLength(3);

      latest().emit('error');
      vi.advanceTimersByTime(4_000);
      expect(sources).toHaveLength(4);

      latest().emit('error');
      expect(client.getState()).toBe('closed');
      vi.advanceTimersByTime(30_000);
      expect(sources).toHaveLength(4);
    });

    it('resets the attempt counter on a successful subscription', () => {
      const { client, sources, latest } = setup();
      client.start();
      latest().emit('error');
      vi.advanceTimersByTime(1_000);
      latest().emit('error');
      vi.advanceTimersByTime(2_000);
      expect(client.getAttempts()).toBe(2);

      latest().emit('open');
      expect(client.getAttempts()).toBe(0);

      latest().emit('error');
      vi.advanceTimersByTime(1_000);
      expect(sources).toHaveLength(4);
    });

    it('ignores events from a source it already replaced', () => {
      const { client, events, sources, latest } = setup();
      client.start();
      const first = latest();
      first.emit('error');
      vi.advanceTimersByTime(1_000);
      first.emit('price', price);
      expect(events).toEqual([]);
      expect(sources).toHaveLength(2);
    });
  });

  describe('when no update arrives', () => {
    it('marks the stream offline after 2 minutes (checked every 60 s) and re-subscribes', () => {
      const { client, sources, latest } = setup();
      client.start();
      latest().emit('open');

      vi.advanceTimersByTime(60_000);
      expect(client.getState()).toBe('connected');
      vi.advanceTimersByTime(60_000);
      expect(client.getState()).toBe('offline');
      expect(sources[0]!.closed).toBe(true);

      vi.advanceTimersByTime(1_000);
      expect(sources).toHaveLength(2);
      expect(client.getState()).toBe('connecting');
    });

    it('keeps the stream alive on updates and pings', () => {
      const { client, latest } = setup();
      client.start();
      latest().emit('open');
      vi.advanceTimersByTime(90_000);
      latest().emit('ping', {});
      vi.advanceTimersByTime(90_000);
      expect(client.getState()).toBe('connected');
      latest().emit('price', price);
      vi.advanceTimersByTime(110_000);
      expect(client.getState()).toBe('connected');
    });

    it('starts a new round of attempts after giving up', () => {
      const { client, sources, latest } = setup();
      client.start();
      latest().emit('error');
      vi.advanceTimersByTime(1_000);
      latest().emit('error');
      vi.advanceTimersByTime(2_000);
      latest().emit('error');
      vi.advanceTimersByTime(4_000);
      latest().emit('error');
      expect(client.getState()).toBe('closed');
      expect(sources).toHaveLength(4);

      vi.advanceTimersByTime(180_000);
      expect(sources.length).toBeGreaterThan(4);
    });
  });

  describe('when stopped or asked to reconnect', () => {
    it('stop closes the source and cancels pending work', () => {
      const { client, sources, latest } = setup();
      client.start();
      latest().emit('error');
      client.stop();
      expect(client.getState()).toBe('closed');
      vi.advanceTimersByTime(600_000);
      expect(sources).toHaveLength(1);
    });

    it('reconnect opens a fresh subscription with a fresh counter', () => {
      const { client, sources, latest } = setup();
      client.start();
      latest().emit('error');
      client.reconnect();
      expect(sources).toHaveLength(2);
      expect(client.getAttempts()).toBe(0);
      expect(client.getState()).toBe('connecting');
      vi.advanceTimersByTime(1_000);
      expect(sources).toHaveLength(2);
    });
  });
});
