import type { Socket } from 'node:net';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../core/injection-tokens.js';
import { ApiError } from '../http/api-error.filter.js';

export interface LiveStreamLimits {
  /** Open connections one client address may hold (XSD_STREAM_MAX_PER_CLIENT). */
  readonly perClient: number;
  /** Open connections of this process (XSD_STREAM_MAX_TOTAL), below its descriptor limit. */
  readonly total: number;
  /** How often a ping goes out; a connection that takes nothing for this long is dropped. */
  readonly heartbeatMs: number;
}

export const LIVE_STREAM_LIMITS = Symbol('LIVE_STREAM_LIMITS');

/** A keep-alive often enough that clients and proxies never see two quiet minutes. */
const HEARTBEAT_MS = 30_000;

export const liveStreamLimitsProvider = {
  provide: LIVE_STREAM_LIMITS,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig): LiveStreamLimits => ({
    perClient: config.liveStreamMaxPerClient,
    total: config.liveStreamMaxTotal,
    heartbeatMs: HEARTBEAT_MS,
  }),
};

/** An EventSource reconnects on its own after this; a refused one is asked to wait as long. */
const RETRY_AFTER_SECONDS = '30';

interface Watched {
  /** Bytes handed on to the kernel at the last look. */
  flushed: number;
  /** Whether bytes were waiting in the process at the last look. */
  backlog: boolean;
}

/**
 * Who may hold a GET /api/stream connection, and for how long. Each client address holds at most
 * `perClient` and the process at most `total` (past them: 429 / 503 with Retry-After, in the JSON
 * error shape). A connection that stops taking what is written to it is dropped: looked at twice
 * a heartbeat, one whose waiting bytes did not move for half a heartbeat (the client stopped
 * reading, or is gone and its kernel buffers are full) is closed, within one heartbeat of
 * stalling. A peer that vanished from a quiet connection is found by TCP keep-alive probes,
 * started after a heartbeat without traffic.
 */
@Injectable()
export class LiveStreamGate implements OnApplicationShutdown {
  private readonly perClient = new Map<string, number>();
  private readonly watched = new Map<Socket, Watched>();
  private readonly sweep: NodeJS.Timeout;

  constructor(@Inject(LIVE_STREAM_LIMITS) readonly limits: LiveStreamLimits) {
    this.sweep = setInterval(() => this.dropStalled(), Math.max(1, Math.floor(limits.heartbeatMs / 2)));
    this.sweep.unref();
  }

  /** Takes a place for `client` on `socket`, given back when the socket closes; or throws 429 / 503. */
  admit(client: string, socket: Socket): void {
    if (socket.destroyed) throw new ApiError(400, 'bad_request', 'The connection is closed.');
    const held = this.perClient.get(client) ?? 0;
    if (held >= this.limits.perClient) {
      throw new ApiError(429, 'too_many_streams', `At most ${this.limits.perClient} live streams per client; close one first.`, {
        'Retry-After': RETRY_AFTER_SECONDS,
      });
    }
    if (this.watched.size >= this.limits.total) {
      throw new ApiError(503, 'streams_full', 'The server holds as many live streams as it can; try again shortly.', {
        'Retry-After': RETRY_AFTER_SECONDS,
      });
    }
    this.perClient.set(client, held + 1);
    this.watched.set(socket, { flushed: flushedBytes(socket), backlog: false });
    socket.setKeepAlive(true, this.limits.heartbeatMs);
    socket.once('close', () => {
      this.watched.delete(socket);
      const left = (this.perClient.get(client) ?? 1) - 1;
      if (left > 0) this.perClient.set(client, left);
      else this.perClient.delete(client);
    });
  }

  /** Open connections in this process. */
  open(): number {
    return this.watched.size;
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweep);
  }

  private dropStalled(): void {
    for (const [socket, last] of this.watched) {
      const flushed = flushedBytes(socket);
      const backlog = socket.writableLength > 0;
      if (backlog && last.backlog && flushed === last.flushed) socket.destroy();
      last.flushed = flushed;
      last.backlog = backlog;
    }
  }
}

/** What left the process for the kernel: all that was written, less what still waits in Node. */
const flushedBytes = (socket: Socket) => socket.bytesWritten - socket.writableLength;
