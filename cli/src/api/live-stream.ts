import { parseStreamEvent, type StreamEvent } from '@xsd/contracts/api/stream';
import { backoffDelay, type BackoffPolicy, STREAM_RESUBSCRIBE_BACKOFF } from '@xsd/contracts/rules/backoff';
import type { ApiClient } from './api-client.js';
import { unreachable } from './api-client.js';
import { SseParser } from './sse.js';

export type StreamStatus = 'connecting' | 'live' | 'reconnecting';

export interface LiveStreamHandlers {
  readonly onEvent: (event: StreamEvent) => void;
  readonly onStatus?: (status: StreamStatus, detail?: string) => void;
}

export interface LiveStreamOptions {
  /** Reconnect delays; default the spec's 1 s doubled per failure, at most 30 s. */
  readonly backoff?: BackoffPolicy;
}

/**
 * Follows `GET /api/stream` until `signal` aborts: typed events to `onEvent` (pings and unknown
 * names are dropped), and on a dropped connection it reconnects with the contracts' back-off,
 * telling `onStatus`. A connection that opens resets the back-off. Resolves when aborted.
 */
export async function followLiveStream(
  api: ApiClient,
  handlers: LiveStreamHandlers,
  signal: AbortSignal,
  options: LiveStreamOptions = {},
): Promise<void> {
  const backoff = options.backoff ?? STREAM_RESUBSCRIBE_BACKOFF;
  let failures = 0;
  let first = true;
  while (!signal.aborted) {
    handlers.onStatus?.(first ? 'connecting' : 'reconnecting');
    first = false;
    try {
      const response = await fetch(api.url('/api/stream'), { headers: api.headers({ accept: 'text/event-stream' }), signal });
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      handlers.onStatus?.('live');
      failures = 0;
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
    await sleep(backoffDelay(failures, backoff), signal);
    failures += 1;
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
