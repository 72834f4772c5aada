import { parseStreamEvent, type StreamEvent } from '@xsd/contracts/api/stream';
import type { ApiClient } from './api-client.js';
import { unreachable } from './api-client.js';
import { SseParser } from './sse.js';

export type StreamStatus = 'connecting' | 'live' | 'reconnecting';

export interface LiveStreamHandlers {
  readonly onEvent: (event: StreamEvent) => void;
  readonly onStatus?: (status: StreamStatus, detail?: string) => void;
}

export interface LiveStreamOptions {
  /** First reconnect delay, doubled after each failure up to `maxDelayMs`. */
  readonly baseDelayMs?: number;
  readonly maxDelayMs?: number;
}

/**
 * Follows `GET /api/stream` until `signal` aborts: typed events to `onEvent` (pings and unknown
 * names are dropped), and on a dropped connection it reconnects with a back-off (1 s doubled up
 * to 30 s), telling `onStatus`. Resolves when aborted.
 */
export async function followLiveStream(
  api: ApiClient,
  handlers: LiveStreamHandlers,
  signal: AbortSignal,
  options: LiveStreamOptions = {},
): Promise<void> {
  const baseDelay = options.baseDelayMs ?? 1_000;
  const maxDelay = options.maxDelayMs ?? 30_000;
  let delay = baseDelay;
  let first = true;
  while (!signal.aborted) {
    handlers.onStatus?.(first ? 'connecting' : 'reconnecting');
    first = false;
    try {
      const response = await fetch(api.url('/api/stream'), { headers: api.headers({ accept: 'text/event-stream' }), signal });
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      handlers.onStatus?.('live');
      delay = baseDelay;
      const parser = new SseParser();
      const decoder = new TextDecoder();
      for await (const chunk of response.body) {
        for (const message of parser.push(decoder.decode(chunk as Uint8Array, { stream: true }))) {
          const event = parseStreamEvent(message.event, message.data);
          if (event) handlers.onEvent(event);
        }
      }
    } catch (error) {
      if (signal.aborted) return;
      handlers.onStatus?.('reconnecting', unreachable(api.baseUrl, error).message);
    }
    if (signal.aborted) return;
    await sleep(delay, signal);
    delay = Math.min(delay * 2, maxDelay);
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
