import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamEvent } from '@xsd/contracts/api/stream';
import { LiveStreamClient, type ConnectionState, type StreamSource } from './stream-client';

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

/** What the server sends: the latest-prices row and the silver latest body after a reading. */
const price = {
  token_name: 'XSD',
  chain_name: 'Base',
  price: 1.02,
  timestamp: '2025-06-01T00:00:00.000Z',
  change_24h: 0.5,
  status: 'active',
  maintenance_message: null,
  total_supply: 1_000,
};
const silver = {
  price_per_gram: 1.04,
  timestamp: '2025-06-01T00:00:00.000Z',
  source: 'chainlink',
  current: 1.04,
  high24h: 1.05,
  low24h: 1.0,
  change24h: 0.01,
  changePercent: 0.97,
  lastUpdate: '2025-06-01T00:00:00.000Z',
  hasHistoricalData: true,
};
const site = { maintenance_mode: false, maintenance_title: null, maintenance_message: null, expected_up_time: null, updated_at: null };

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
      latest().emit('silver', { ...silver, price_per_gram: -1 });
      latest().emit('price', { token_name: 'XSD', chain_name: 'Base', price: 1.02, timestamp: '2025-06-01T00:00:00Z' });
      latest().emit('silver', silver);
      latest().emit('news', {});
      expect(events).toEqual([
        { type: 'price', data: price },
        { type: 'silver', data: silver },
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

    it('keeps the stream connected while price or silver updates arrive', () => {
      const { client, sources, latest } = setup();
      client.start();
      latest().emit('open');
      vi.advanceTimersByTime(90_000);
      latest().emit('price', price);
      vi.advanceTimersByTime(90_000);
      latest().emit('silver', silver);
      vi.advanceTimersByTime(110_000);
      expect(client.getState()).toBe('connected');
      expect(sources).toHaveLength(1);
    });

    it('does not count keep-alive pings as updates', () => {
      const { client, sources, latest } = setup();
      client.start();
      latest().emit('open');
      for (let second = 0; second < 120; second += 15) {
        vi.advanceTimersByTime(15_000);
        if (client.getState() === 'connected') latest().emit('ping', {});
      }
      expect(client.getState()).toBe('offline');
      expect(sources[0]!.closed).toBe(true);
    });

    it('does not count refetch signals (news, chain, site) as updates, though it passes them on', () => {
      const { client, events, latest } = setup();
      client.start();
      latest().emit('open');
      vi.advanceTimersByTime(60_000);
      latest().emit('news', {});
      latest().emit('chain', {});
      latest().emit('site', site);
      vi.advanceTimersByTime(60_000);
      expect(client.getState()).toBe('offline');
      expect(events.map((event) => event.type)).toEqual(['news', 'chain', 'site']);
    });

    it('checks every 60 s: an update 30 s in moves the deadline to the check at 3 minutes', () => {
      const { client, latest } = setup();
      client.start();
      latest().emit('open');
      vi.advanceTimersByTime(30_000);
      latest().emit('price', price);
      vi.advanceTimersByTime(90_000); // the check at 2 minutes: 90 s without an update
      expect(client.getState()).toBe('connected');
      vi.advanceTimersByTime(59_999);
      expect(client.getState()).toBe('connected');
      vi.advanceTimersByTime(1); // the check at 3 minutes: 150 s without an update
      expect(client.getState()).toBe('offline');
    });

    it('goes offline again after a re-subscribe that brings no update', () => {
      const { client, sources, states, latest } = setup();
      client.start();
      latest().emit('open');
      vi.advanceTimersByTime(120_000);
      vi.advanceTimersByTime(1_000);
      latest().emit('open');
      expect(client.getState()).toBe('connected');
      latest().emit('ping', {});
      // Subscribed at 2:01; the checks at 3:00 and 4:00 find less than 2 minutes, the one at 5:00 more.
      vi.advanceTimersByTime(178_999);
      expect(client.getState()).toBe('connected');
      vi.advanceTimersByTime(1);
      expect(client.getState()).toBe('offline');
      expect(sources).toHaveLength(2);
      expect(states).toEqual(['connecting', 'connected', 'offline', 'connecting', 'connected', 'offline']);
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
